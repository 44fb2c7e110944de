import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { Config } from '../../config/config';
import { proxyEnv, type NetworkSettings } from '../../transport/network/networkSettings';

/**
 * The editor's proxy settings and the proxy environment, with the certificate authorities of
 * `flint.network.caFile`. Only user settings count (the value a workspace sets for them is
 * ignored): a repository must not route the key through a proxy of its choosing.
 */
export function readNetworkSettings(config: Config, env: Record<string, string | undefined> = process.env): NetworkSettings {
  const http = vscode.workspace.getConfiguration('http');
  const user = <T>(key: string, fallback: T): T => {
    const i = http.inspect<T>(key);
    return i?.globalValue ?? i?.defaultValue ?? fallback;
  };
  const support = user<string>('proxySupport', 'override');
  const proxyAuthorization = user<string | null>('proxyAuthorization', null);
  const noProxy = user<unknown>('noProxy', []);
  const settings: NetworkSettings = {
    proxy: String(user<unknown>('proxy', '') ?? ''),
    noProxy: Array.isArray(noProxy) ? noProxy.filter((x): x is string => typeof x === 'string') : [],
    strictSSL: user<boolean>('proxyStrictSSL', true) !== false,
    proxySupport: support === 'off' || support === 'on' || support === 'fallback' ? support : 'override',
    env: proxyEnv(env),
    ...(typeof proxyAuthorization === 'string' && proxyAuthorization ? { proxyAuthorization } : {}),
  };
  const caFile = config['network.caFile'].trim();
  if (!caFile) return settings;
  try {
    const pem = readFileSync(caFile, 'utf8');
    if (!/-----BEGIN CERTIFICATE-----/.test(pem)) {
      return { ...settings, problem: `Setting "flint.network.caFile" names ${caFile}, which holds no PEM certificate (-----BEGIN CERTIFICATE-----). Point it at your certificate authority's PEM file.` };
    }
    return { ...settings, ca: pem };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    return { ...settings, problem: `Setting "flint.network.caFile" names ${caFile}, which cannot be read (${code}). Fix the path, or clear the setting.` };
  }
}

import { isLoopbackUrl } from '../config/apiKey';
import { ModelError } from './modelError';

export interface EndpointCheck {
  transport: 'ws' | 'http';
  /** The URL as shown to the user: no credentials, no query. */
  display: string;
  loopback: boolean;
  /** Why no request may be sent (insecure URL, missing key), if so. */
  refusal?: ModelError;
}

/**
 * Decides what a URL may be used for. Unencrypted URLs to other hosts are refused unless the
 * user opted in, and a remote endpoint needs a key: both fail early with the fix in the text.
 */
export function checkEndpoint(rawUrl: string, opts: { setting: string; allowInsecure: boolean; hasKey: boolean }): EndpointCheck {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return {
      transport: 'http',
      display: rawUrl,
      loopback: false,
      refusal: new ModelError('config', `Setting "${opts.setting}" is not a valid URL (${JSON.stringify(rawUrl)}). Enter a wss://, https:// or http:// URL.`),
    };
  }
  // "localhost:8080/v1" parses as a URL of scheme "localhost:": the user left the scheme out.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(rawUrl.trim())) {
    const refusal = new ModelError(
      'config',
      `Setting "${opts.setting}" has no scheme (${JSON.stringify(rawUrl)}). Start it with wss://, https:// or http://, e.g. "http://${rawUrl.trim()}".`,
    );
    return { transport: 'http', display: rawUrl, loopback: false, refusal };
  }
  const display = `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}`;
  const loopback = isLoopbackUrl(rawUrl);
  const proto = url.protocol;
  if (proto !== 'ws:' && proto !== 'wss:' && proto !== 'http:' && proto !== 'https:') {
    const refusal = new ModelError('config', `Setting "${opts.setting}" uses ${proto.slice(0, -1)}://, which Flint cannot speak. Use wss://, https:// or http://.`);
    return { transport: 'http', display, loopback, refusal };
  }
  const transport = proto === 'ws:' || proto === 'wss:' ? 'ws' : 'http';
  if ((proto === 'ws:' || proto === 'http:') && !loopback && !opts.allowInsecure) {
    const secure = proto === 'ws:' ? 'wss://' : 'https://';
    const refusal = new ModelError(
      'config',
      `Refusing to send code and the API key unencrypted to ${display}. Use a ${secure} URL in "${opts.setting}", or enable the setting "flint.network.allowInsecure" if this network is trusted.`,
    );
    return { transport, display, loopback, refusal };
  }
  if (!loopback && !opts.hasKey) {
    const refusal = new ModelError('auth', `No API key for ${display}. Run "Flint: Set API Key" (or set OPENAI_API_KEY) and try again.`);
    return { transport, display, loopback, refusal };
  }
  return { transport, display, loopback };
}

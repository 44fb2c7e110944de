import { describe, expect, it } from 'vitest';
import { DIRECT_NETWORK, proxyEnv, type NetworkSettings } from '../../../src/transport/network/networkSettings';
import { noProxyMatches, proxyProblem, proxyRoute } from '../../../src/transport/network/proxyRoute';

const s = (over: Partial<NetworkSettings>): NetworkSettings => ({ ...DIRECT_NETWORK, ...over });

describe('proxyRoute', () => {
  it('goes direct with no proxy anywhere', () => {
    expect(proxyRoute('wss://api.openai.com/v1/responses', DIRECT_NETWORK)).toBeUndefined();
  });

  it('takes http.proxy first, then HTTPS_PROXY for https and wss, HTTP_PROXY for http and ws, then ALL_PROXY', () => {
    const env = { HTTPS_PROXY: 'http://secure.proxy:3128', HTTP_PROXY: 'http://plain.proxy:3128', ALL_PROXY: 'http://all.proxy:1' };
    expect(proxyRoute('wss://api.example.com/v1/responses', s({ env }))?.display).toBe('http://secure.proxy:3128');
    expect(proxyRoute('https://api.example.com/v1', s({ env }))?.display).toBe('http://secure.proxy:3128');
    expect(proxyRoute('ws://api.example.com/v1/responses', s({ env }))?.display).toBe('http://plain.proxy:3128');
    expect(proxyRoute('http://api.example.com/v1', s({ env: { ALL_PROXY: 'http://all.proxy:1' } }))?.display).toBe('http://all.proxy:1');
    expect(proxyRoute('https://api.example.com/v1', s({ env, proxy: 'http://setting.proxy:8080' }))?.display).toBe('http://setting.proxy:8080');
  });

  it('keeps the credentials for the proxy but not in what it shows; adds http.proxyAuthorization', () => {
    const r = proxyRoute('https://api.example.com/v1', s({ proxy: 'http://me:p%40ss@corp.proxy:3128', proxyAuthorization: 'Negotiate abc' }))!;
    expect(r.url).toBe('http://me:p%40ss@corp.proxy:3128/');
    expect(r.display).toBe('http://corp.proxy:3128');
    expect(r.headers).toEqual({ 'Proxy-Authorization': 'Negotiate abc' });
  });

  it('reads a proxy given as host:port as http://', () => {
    expect(proxyRoute('https://api.example.com/v1', s({ proxy: 'corp.proxy:3128' }))?.url).toBe('http://corp.proxy:3128/');
  });

  it('never proxies an endpoint on this machine, nor anything when http.proxySupport is off', () => {
    const proxy = 'http://corp.proxy:3128';
    for (const url of ['http://127.0.0.1:8080/v1', 'ws://localhost:8080/v1/responses', 'http://[::1]:8080/v1']) expect(proxyRoute(url, s({ proxy })), url).toBeUndefined();
    expect(proxyRoute('https://api.example.com/v1', s({ proxy, proxySupport: 'off' }))).toBeUndefined();
  });

  it('http.noProxy and NO_PROXY both send a host direct', () => {
    const proxy = 'http://corp.proxy:3128';
    expect(proxyRoute('https://models.corp.example/v1', s({ proxy, noProxy: ['corp.example'] }))).toBeUndefined();
    expect(proxyRoute('https://models.corp.example/v1', s({ proxy, env: { NO_PROXY: 'other.example, .corp.example' } }))).toBeUndefined();
    expect(proxyRoute('https://api.example.com/v1', s({ proxy, noProxy: ['corp.example'] }))).toBeDefined();
  });
});

describe('noProxyMatches', () => {
  it('matches as NO_PROXY does: names with their subdomains, wildcards, ports, addresses and ranges', () => {
    expect(noProxyMatches('*', 'anything.example', 443)).toBe(true);
    expect(noProxyMatches('example.com', 'example.com', 443)).toBe(true);
    expect(noProxyMatches('example.com', 'api.example.com', 443)).toBe(true);
    expect(noProxyMatches('example.com', 'badexample.com', 443)).toBe(false);
    expect(noProxyMatches('.example.com', 'api.example.com', 443)).toBe(true);
    expect(noProxyMatches('*.example.com', 'api.example.com', 443)).toBe(true);
    expect(noProxyMatches('Example.COM', 'API.example.com', 443)).toBe(true);
    expect(noProxyMatches('example.com:8443', 'example.com', 8443)).toBe(true);
    expect(noProxyMatches('example.com:8443', 'example.com', 443)).toBe(false);
    expect(noProxyMatches('10.1.2.3', '10.1.2.3', 80)).toBe(true);
    expect(noProxyMatches('10.0.0.0/8', '10.1.2.3', 80)).toBe(true);
    expect(noProxyMatches('10.0.0.0/8', '11.1.2.3', 80)).toBe(false);
    expect(noProxyMatches('10.0.0.0/8', 'ten.example', 80)).toBe(false);
    expect(noProxyMatches('[fd00::1]:443', '[fd00::1]', 443)).toBe(true);
    expect(noProxyMatches('fd00::/8', '[fd12::1]', 443)).toBe(true);
    expect(noProxyMatches('', 'example.com', 443)).toBe(false);
  });
});

describe('proxyProblem', () => {
  it('names the setting or variable holding a proxy Flint cannot use', () => {
    expect(proxyProblem(s({ proxy: 'http://corp.proxy:3128' }))).toBeUndefined();
    expect(proxyProblem(s({ proxy: 'http://bad host:3128' }))).toMatch(/"http\.proxy" is not a URL/);
    expect(proxyProblem(s({ env: { HTTPS_PROXY: 'socks5://corp.proxy:1080' } }))).toMatch(/HTTPS_PROXY uses socks5:\/\//);
    expect(proxyProblem(s({ proxy: 'http://bad host:3128', proxySupport: 'off' }))).toBeUndefined();
  });
});

describe('proxyEnv', () => {
  it('reads either spelling, the lower-case one first, and drops empty values', () => {
    expect(proxyEnv({ https_proxy: 'http://a:1', HTTPS_PROXY: 'http://b:1', NO_PROXY: 'x', HTTP_PROXY: ' ', PATH: '/bin' })).toEqual({ HTTPS_PROXY: 'http://a:1', NO_PROXY: 'x' });
  });
});

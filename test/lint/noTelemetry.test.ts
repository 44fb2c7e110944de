import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(ts|mjs|js)$/.test(name) ? [path] : [];
  });
}

/**
 * The README says Flint sends no telemetry. Anything that would (a telemetry logger, a
 * telemetry package) must come with `telemetry.telemetryLevel` handling and a README change,
 * so its arrival fails here first.
 */
describe('no telemetry', () => {
  it('no source file makes a telemetry logger or sender', () => {
    const found = [...files(join(root, 'src')), ...files(join(root, 'media'))].filter((f) =>
      /createTelemetryLogger|TelemetrySender|TelemetryReporter|applicationinsights|posthog|segment\.io|sentry/i.test(readFileSync(f, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('no dependency is a telemetry package', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).filter((d) => /telemetry|analytics|applicationinsights|sentry|posthog/i.test(d))).toEqual([]);
  });
});

import type { Engine } from './engine';
import { defaultScriptPath } from './defaultScriptPath';
import { loadScriptFixture, scriptFixtureSchema, type ScriptFixture, type ScriptFixtureInput } from './scriptFixture';
import { ScriptedEngine } from './scriptedEngine';

export type EngineKind = 'scripted' | 'tiny' | 'llama';

export interface EngineOptions {
  engine: EngineKind;
  /** Scripted engine: a fixture file path or the fixture itself. */
  script?: string | ScriptFixtureInput;
  /** Llama engine: path of a GGUF model. */
  modelPath?: string;
  /** Tiny engine: where the generated model is cached. */
  cacheDir?: string;
  /** Tiny and llama engines: CPU threads for inference (default 1). */
  threads?: number;
  log(message: string): void;
}

export async function createEngine(o: EngineOptions): Promise<Engine> {
  switch (o.engine) {
    case 'scripted': {
      const fixture =
        typeof o.script === 'object'
          ? scriptFixtureSchema.parse(o.script)
          : await loadFixtureOrDefault(o.script ?? defaultScriptPath());
      return new ScriptedEngine(fixture);
    }
    case 'tiny':
    case 'llama': {
      // Loaded on demand: the scripted engine never touches the native library.
      const { createLlamaEngine } = await import('./llamaEngine');
      return createLlamaEngine(o);
    }
  }
}

async function loadFixtureOrDefault(path: string | undefined): Promise<ScriptFixture> {
  return path ? loadScriptFixture(path) : scriptFixtureSchema.parse({});
}

import { describe, expect, it } from 'vitest';
import { TaskRowCommands, taskRowCommand } from '../../src/tasks/taskRowCommands';

describe('task row commands', () => {
  function harness() {
    const live = new Map<string, string>();
    let registrations = 0;
    const commands = new TaskRowCommands((command, id) => {
      registrations++;
      live.set(command, id);
      return { dispose: () => live.delete(command) };
    });
    return { commands, live, registrations: () => registrations };
  }

  it('registers one argument-free command per listed task, each once however often the list is read', () => {
    const { commands, live, registrations } = harness();
    commands.sync(['a', 'b']);
    commands.sync(['a', 'b']);
    commands.sync(['b', 'a']);
    expect(Object.fromEntries(live)).toEqual({ [taskRowCommand('a')]: 'a', [taskRowCommand('b')]: 'b' });
    expect(registrations()).toBe(2);
    expect(taskRowCommand('a')).toBe('flint.tasks.showLog.a');
  });

  it('drops the commands of tasks gone from the list, and every command on dispose', () => {
    const { commands, live } = harness();
    commands.sync(['a', 'b']);
    commands.sync(['b', 'c']);
    expect([...live.keys()].sort()).toEqual([taskRowCommand('b'), taskRowCommand('c')]);
    commands.dispose();
    expect(live.size).toBe(0);
  });
});

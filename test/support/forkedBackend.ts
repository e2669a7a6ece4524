import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { FromBackend } from '../../src-main/launch/backendProtocol';
import type { BackendChild } from '../../src-main/launch/backendSupervisor';

/**
 * The backend's entry in a Node process of its own, as Electron's utilityProcess runs it in the
 * app: how the tests and the bench start it (from source, through tsx). `onSpawn` sees each
 * process, so a test can kill one.
 */
export function forkedBackend(onSpawn: (child: ChildProcess) => void = () => undefined): () => BackendChild {
  const entry = join(__dirname, '..', '..', 'src-main', 'launch', 'backendEntry.ts');
  return () => {
    const child = fork(entry, [], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
    onSpawn(child);
    return {
      send: (message) => void (child.connected && child.send(message)),
      onMessage: (listener) => void child.on('message', (m) => listener(m as FromBackend)),
      onExit: (listener) => void child.on('exit', (code) => listener(code)),
      kill: () => void child.kill(),
    };
  };
}

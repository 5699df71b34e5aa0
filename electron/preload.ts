// Runs sandboxed in the renderer's isolated world: exposes window.desk, named functions built from the contract.
import { contextBridge, ipcRenderer } from 'electron';
import { createDeskApi } from '../shared/bridge/client';
import { ipcChannelName, ipcEventName } from '../shared/bridge/contract';
import type { BridgeResult } from '../shared/bridge/result';

const desk = createDeskApi({
  invoke: (channel, argument) => ipcRenderer.invoke(ipcChannelName(channel), argument) as Promise<BridgeResult>,
  subscribe: (event, listener) => {
    const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(ipcEventName(event), wrapped);
    return () => ipcRenderer.removeListener(ipcEventName(event), wrapped);
  },
});

contextBridge.exposeInMainWorld('desk', desk);

// Flint in a real VS Code: it activates by itself and its status bar item reports the warm
// WebSocket to the local endpoint the user settings point at.
import assert from 'node:assert/strict';

export const openFile = 'src/scratch.js';

export const tests = [
  {
    name: 'activates and shows a warm connection to the local endpoint in the status bar',
    async run({ wb, page, endpoint }) {
      const item = await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
      // Warm is the zap icon; connecting and offline show other icons.
      await item.locator('.codicon-zap').waitFor({ timeout: 20_000 });
      await item.hover();
      const hover = page.locator('.monaco-hover, .workbench-hover', { hasText: 'warm connection' }).first();
      await hover.waitFor({ timeout: 10_000 });
      const tooltip = await hover.innerText();
      const { host } = new URL(endpoint.origin);
      assert.match(tooltip, /WebSocket/, `tooltip names the transport: ${tooltip}`);
      assert.ok(tooltip.includes(host), `tooltip names the endpoint ${host}: ${tooltip}`);
      const viewport = page.viewportSize();
      await wb.screenshot('status-bar', { clip: { x: viewport.width - 640, y: viewport.height - 200, width: 640, height: 200 } });
    },
  },
];

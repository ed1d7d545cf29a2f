import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchFirefox } from './firefox';
import { flows } from './flows';
import type { Engine } from './page';
import { launchWebKit } from './webkit';

// Every flow in every engine, one browser at a time; each flow gets a fresh context (`vitest -t webkit` runs one engine).
for (const [name, launch] of [
  ['firefox', launchFirefox],
  ['webkit', launchWebKit],
] as const)
  describe(name, () => {
    let engine: Engine | undefined;
    beforeAll(async () => {
      engine = await launch();
    });
    afterAll(() => engine?.close());

    for (const flow of flows)
      it(flow.name, async () => {
        const page = await engine!.newPage();
        try {
          await flow.run(page);
        } finally {
          await page.close();
        }
      });
  });

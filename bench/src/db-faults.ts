import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@mip/server/src/db/database.ts';
import { readRunningEmbeddedUrl } from '@mip/server/src/db/embedded.ts';
import { SANTA_CATARINA } from '@mip/server/test/event-factories.ts';
import type { TFigureGroup } from './figures.ts';
import { signInAsAdmin } from './identity-search.ts';
import { startPlatform } from './platform-server.ts';
import { progress, type TChildServer } from './processes.ts';

/** From the embedded PostgreSQL's death to the next 200 from /api/health. */
export const DATABASE_RECOVERY_GOAL_S = 10;
const WRITERS = 4;
/** Writing goes on this long after the platform is healthy again, so writes after the restart count too. */
const WRITING_AFTER_RECOVERY_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Clients create events through the API, one after another, while the
 * embedded PostgreSQL's postmaster is killed with SIGKILL: how long until the
 * platform is healthy again, and whether every creation that was acknowledged
 * (a 2xx) is in the database afterwards.
 */
export const dbFaultFigures: TFigureGroup = {
  name: 'db-faults',
  run: async () => {
    // A platform of its own, on a data directory of its own: the one the other groups measure is left alone.
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mip-bench-db-faults-'));
    progress('db-faults: starting a platform of its own…');
    let server: TChildServer | null = null;
    try {
      ({ server } = await startPlatform(dataDir, 180_000));
      const platform = server;
      const baseUrl = server.baseUrl;
      const headers = { authorization: await signInAsAdmin(baseUrl), 'content-type': 'application/json' };
      const categoryResponse = await fetch(`${baseUrl}/api/event-categories`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Bench: queda da base de dados',
          categoryType: 'GENERIC',
          allowPublic: true,
        }),
      });
      if (!categoryResponse.ok) throw new Error(`the bench category was refused: ${categoryResponse.status}`);
      const categoryId = ((await categoryResponse.json()) as { id: number }).id;

      const acknowledged: number[] = [];
      const answers: Record<string, number> = {};
      let isWriting = true;
      let count = 0;
      const write = async () => {
        while (isWriting) {
          let key: string;
          try {
            const response = await fetch(`${baseUrl}/api/events`, {
              method: 'POST',
              headers,
              body: JSON.stringify({
                title: `Bench: escrita ${++count}`,
                categoryId,
                fromTimestamp: new Date(Date.now() - 3_600_000).toISOString(),
                geojson: SANTA_CATARINA,
              }),
              signal: AbortSignal.timeout(15_000),
            });
            const body = (await response.json()) as { id?: number; code?: string; errors?: { property: string }[] };
            const fields = body.errors?.map((error) => error.property).join(',');
            key = response.ok ? '2xx' : `${response.status} ${body.code}${fields ? ` (${fields})` : ''}`;
            if (response.ok && typeof body.id === 'number') acknowledged.push(body.id);
          } catch (error) {
            key = `no answer (${(error as Error).name})`;
          }
          answers[key] = (answers[key] ?? 0) + 1;
          if (key !== '2xx') await sleep(50);
        }
      };
      const writers = Array.from({ length: WRITERS }, write);
      const writingSince = performance.now();
      while (acknowledged.length < 50) {
        if (performance.now() - writingSince > 30_000)
          throw new Error(`the writes are refused: ${JSON.stringify(answers)}`);
        await sleep(20);
      }

      const postmasterPid = Number(
        (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
      );
      progress(`db-faults: ${acknowledged.length} events written; killing the postmaster (pid ${postmasterPid})`);
      const killedAt = performance.now();
      process.kill(postmasterPid, 'SIGKILL');
      let hasSeenDown = false;
      let healthyAt = 0;
      while (!healthyAt) {
        if (performance.now() - killedAt > 60_000)
          throw new Error(`not healthy 60 s after the kill\n${platform.output()}`);
        const status = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
          (response) => response.status,
          () => 0,
        );
        if (status !== 200) hasSeenDown = true;
        else if (hasSeenDown) healthyAt = performance.now();
        await sleep(20);
      }
      const recoverySeconds = Math.round((healthyAt - killedAt) / 100) / 10;
      progress(`db-faults: healthy again after ${recoverySeconds} s; writing on a little`);
      await sleep(WRITING_AFTER_RECOVERY_MS);
      isWriting = false;
      await Promise.all(writers);

      const db = openDatabase(await readRunningEmbeddedUrl(dataDir, 'mip'), { max: 1 });
      let lost: number;
      try {
        const { rows } = await db.$client.query<{ id: number }>('select id from events where id = any($1)', [
          acknowledged,
        ]);
        lost = acknowledged.length - rows.length;
      } finally {
        await db.$client.end();
      }
      progress(`db-faults: answers ${JSON.stringify(answers)}; ${acknowledged.length} acknowledged, ${lost} lost`);
      return {
        figures: {
          databaseKilledSecondsToHealthy: recoverySeconds,
          acknowledgedWritesLost: lost,
          acknowledgedWrites: acknowledged.length,
          writesAnswered503: Object.entries(answers)
            .filter(([key]) => key.startsWith('503'))
            .reduce((sum, [, n]) => sum + n, 0),
          writesAnswered500: answers['500 INTERNAL_ERROR'] ?? 0,
        },
        goals: {
          databaseKilledSecondsToHealthy: { atMost: DATABASE_RECOVERY_GOAL_S },
          acknowledgedWritesLost: { atMost: 0 },
          writesAnswered500: { atMost: 0 },
        },
      };
    } finally {
      await server?.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

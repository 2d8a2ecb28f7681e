import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { activeFeedId, gtfsFixture, uploadGtfs, waitForJob } from '../../../test/gtfs.ts';
import { CORPUS_OUTCOMES } from '../../../test/gtfs-corpus.ts';
import { createMobilityGroup } from '../../../test/mobility-factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';

// Each broken feed of the corpus through the real routes, from upload to its report or its import: a file
// of its own (beside gtfs.routes.test.ts) so a second test worker takes it, the longest of the server's.
const t = useTestApp({ UPLOAD_DIR: '/tmp/mip-test-uploads' });

let api: TCaller;
let authorization: string;

beforeAll(async () => {
  const caller = await signInNewUser(t, { permissions: ['IMPORT_GTFS_FILE'] });
  authorization = caller.authorization;
  api = callerOf(t, authorization);
});

describe('GTFS import of the broken-feed corpus', () => {
  for (const [name, outcome] of Object.entries(CORPUS_OUTCOMES)) {
    const isValid = outcome.errors.length === 0;
    it(`${name} ends in ${isValid ? 'a correct import' : 'a report of its errors'}`, async () => {
      const group = await createMobilityGroup(t.db);
      const upload = await uploadGtfs(t, authorization, group.id, gtfsFixture(`invalid/${name}`), name);
      expect(upload.statusCode, upload.body).toBe(200);
      const job = await waitForJob(t, authorization, upload.json().id);
      expect(job.status).toBe(isValid ? 'VALIDATED' : 'INVALID');
      const errorCodes = new Set(job.report?.issues.filter((i) => i.severity === 'ERROR').map((i) => i.code));
      expect([...errorCodes].sort()).toEqual([...outcome.errors].sort());
      expect(job.report?.errorCount).toBe(job.report?.issues.filter((i) => i.severity === 'ERROR').length);
      if (!isValid) {
        expect(await activeFeedId(t, group.id)).toBeNull();
        expectError(await api.post(`/gtfs/imports/${job.id}/confirm`), 409, 'GTFS_JOB_NOT_CONFIRMABLE');
        return;
      }
      const confirmed = await api.post(`/gtfs/imports/${job.id}/confirm`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const done = await waitForJob(t, authorization, job.id, ['SUCCEEDED', 'FAILED']);
      expect(done.status).toBe('SUCCEEDED');
      expect(await activeFeedId(t, group.id)).not.toBeNull();
    });
  }
});

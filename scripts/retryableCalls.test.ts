import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RETRYABLE_CALLS_FILE, retryableCallsList } from './retryableCalls';

// haproxy retries the POST calls of deploy/retryable-calls.lst like GETs (issue 48): the file must
// list exactly the calls proven to write nothing (REPLICA_CALLS), and the balancer must use it.
describe('deploy/retryable-calls.lst', () => {
  it('lists exactly REPLICA_CALLS', () => {
    expect(
      fs.readFileSync(RETRYABLE_CALLS_FILE, 'utf8'),
      'deploy/retryable-calls.lst is out of date: run npx tsx scripts/retryableCalls.ts',
    ).toBe(retryableCallsList());
  });

  it('is what deploy/haproxy.cfg retries POSTs by, and docker-compose.yml mounts beside it', () => {
    const root = path.dirname(path.dirname(RETRYABLE_CALLS_FILE));
    const config = fs.readFileSync(path.join(root, 'deploy', 'haproxy.cfg'), 'utf8');
    expect(config).toMatch(/^\s*default-path config$/m);
    expect(config).toMatch(/^\s*acl read_call path -f retryable-calls\.lst$/m);
    expect(config).toMatch(/^\s*http-request disable-l7-retry if !METH_GET !METH_HEAD !read_call$/m);
    const compose = fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    expect(compose).toContain('./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(compose).toContain('./deploy/retryable-calls.lst:/usr/local/etc/haproxy/retryable-calls.lst:ro');
  });
});

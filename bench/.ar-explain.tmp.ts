import pg from 'pg';
import { ZActionRegisterListRequest } from '@compass/shared';
import { ActionRegisterService } from '../server/src/modules/actionRegister/service';
import { pgReader } from '../server/src/db/reader';
const pool = new pg.Pool({ connectionString: 'postgresql://postgres:compass@127.0.0.1:54371/compass_scale', options: '-c random_page_cost=1.1' });
const base = pgReader(pool, true);
const [{ id: companyId }] = (await pool.query(`SELECT id FROM "Company" WHERE name='Scale Holdings'`)).rows;
const [{ employeeId }] = (await pool.query(`SELECT "employeeId" FROM "User" WHERE username='scale.busy'`)).rows;
const cases: Record<string, object> = JSON.parse(process.argv[2]!.replace('BUSY', employeeId));
let explain = true;
const reader = { ...base, rows: async (s: any, o: any) => {
  if (explain && s.text.includes('UNION ALL')) {
    const r = await pool.query({ text: 'EXPLAIN (ANALYZE, BUFFERS) ' + s.text, values: s.values });
    console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
  }
  return base.rows(s, o);
} };
const svc = new ActionRegisterService(null as any, reader as any, null as any, null as any, { publicUrl: '' });
const auth = { companyId } as any;
for (const [name, body] of Object.entries(cases)) {
  console.log('=====', name);
  explain = true;
  await svc.list(auth, ZActionRegisterListRequest.parse(body) as any);
  explain = false;
  const t = performance.now();
  for (let i = 0; i < 20; i++) await svc.list(auth, ZActionRegisterListRequest.parse(body) as any);
  console.log('avg ms', ((performance.now() - t) / 20).toFixed(1));
}
await pool.end();

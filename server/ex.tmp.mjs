import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgresql://postgres:compass@127.0.0.1:54392/compass_scale' });
await c.connect();
const q = process.argv[2];
const r = await c.query('EXPLAIN (ANALYZE, BUFFERS) ' + q);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await c.end();

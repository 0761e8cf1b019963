import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgresql://postgres:compass@127.0.0.1:54392/compass_scale' });
await c.connect();
await c.query(process.argv[2]);
console.log('ok');
await c.end();

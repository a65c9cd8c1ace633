// What the server's sharing check reaches instead of docs.google.com and drive.google.com in the
// journeys (GOOGLE_DOCS_ORIGIN, GOOGLE_DRIVE_ORIGIN): a link whose id starts with "private"
// answers 403, as Google does for a file nobody may open without signing in; others 200.
import http from 'node:http';

const port = Number(process.argv[2] ?? 8182);
http
  .createServer((req, res) => {
    if (req.url === '/health') return res.end('ok');
    const privateFile = /\/d\/(e\/)?private/.test(req.url ?? '');
    res.writeHead(privateFile ? 403 : 200, { 'content-type': 'text/html' });
    res.end(privateFile ? 'Sign in to continue' : '<title>Shared</title>');
  })
  .listen(port, '127.0.0.1');

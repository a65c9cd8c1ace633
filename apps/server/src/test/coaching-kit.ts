import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for docs.google.com and drive.google.com as the sharing check sees them: a
 * document's id says how it answers (`public…` 200, `private401…` 401, `private403…` 403,
 * `signin…` a redirect to Google's sign-in page, anything else 404). Every path asked is kept.
 */
export interface GoogleStandIn {
  origin: string;
  requested: string[];
  close(): Promise<void>;
}

export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const requested: string[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requested.push(path);
    const id = /\/d\/(?:e\/)?([\w-]+)/.exec(path)?.[1] ?? '';
    if (id.startsWith('public')) res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    else if (id.startsWith('private401')) res.writeHead(401).end();
    else if (id.startsWith('private403')) res.writeHead(403).end();
    else if (id.startsWith('signin')) {
      res.writeHead(302, { location: 'https://accounts.google.com/ServiceLogin?continue=x' }).end();
    } else if (id.startsWith('moved')) {
      res.writeHead(302, { location: '/presentation/d/private401elsewhere/edit' }).end();
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Google-shaped links whose document id drives the stand-in's answer. */
export const googleLink = {
  ppt: (id: string) => `https://docs.google.com/presentation/d/${id}/edit?usp=sharing`,
  doc: (id: string) => `https://docs.google.com/document/d/${id}/edit`,
  pdf: (id: string) => `https://drive.google.com/file/d/${id}/view?usp=sharing`,
};

/** Environment that points the sharing check at the stand-in (loopback allowed for it). */
export const googleEnv = (origin: string) => ({
  GOOGLE_DOCS_ORIGIN: origin,
  GOOGLE_DRIVE_ORIGIN: origin,
  ALLOW_PRIVATE_ENDPOINTS: 'true',
});

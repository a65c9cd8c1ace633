import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';

export interface SecurityOptions {
  /** PUBLIC_URL: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  /** The built index.html, whose inline scripts the policy allows by hash; null without web. */
  webIndex: string | null;
}

const SELF = "'self'";
/** Where coaching's embedded Google viewers come from (spec 1 §3 Coaching content). */
const GOOGLE_VIEWERS = ['https://docs.google.com', 'https://drive.google.com'];

/**
 * What the web app loads, and nothing else: its own scripts (plus the inline theme script by
 * hash), WebAssembly for the face detector (tfjs's wasm backend compiles it, hence
 * 'wasm-unsafe-eval', which allows no JavaScript eval), thumbnails and face crops from data:
 * and blob: addresses, the recorded clip of the camera step as a blob:, and the API and
 * socket.io on this origin ('self' covers same-origin ws:/wss:), and coaching's Google Slides,
 * Docs and Drive PDFs in their embedded viewers (frames of those two hosts only; this page
 * itself may still be framed by nobody). Inline styles stay allowed:
 * Radix's dialogs insert <style> elements (their scroll lock), and so does Swagger UI at
 * /api/docs; styles cannot run code, scripts are what the policy holds tight.
 */
export function contentSecurityPolicy(https: boolean, inlineScriptHashes: string[]) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: [SELF],
      baseUri: [SELF],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: [SELF],
      scriptSrc: [SELF, "'wasm-unsafe-eval'", ...inlineScriptHashes],
      scriptSrcAttr: ["'none'"],
      styleSrc: [SELF, "'unsafe-inline'"],
      imgSrc: [SELF, 'data:', 'blob:'],
      // Verification evidence comes inline with its result (a voice clip as a data: URL).
      mediaSrc: [SELF, 'data:', 'blob:'],
      fontSrc: [SELF, 'data:'],
      connectSrc: [SELF],
      frameSrc: [SELF, ...GOOGLE_VIEWERS],
      workerSrc: [SELF, 'blob:'],
      manifestSrc: [SELF],
      upgradeInsecureRequests: https ? [] : null,
    },
  };
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP sources ('sha256-…') of the inline <script> blocks of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

/**
 * Text the browser downloads (the web build's scripts, styles, SVG, wasm, JSON answers).
 * Not octet-stream (recordings of unknown type) nor Server-Sent Events, which must not wait
 * for a compressor's buffer.
 */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)|^application\/(?:javascript|wasm)/;

/**
 * Security headers on every response (helmet), and compression of text responses for
 * clients that accept br or gzip. Request bodies are never decompressed: a small gzip upload
 * could otherwise inflate far past the body limit.
 */
export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const https = opts.publicUrl.startsWith('https://');
  // helmet itself, built once: @fastify/helmet built the whole middleware again for every
  // request, a measurable share of the busiest routes' CPU (bench/load.mjs profiles).
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(
      https,
      opts.webIndex ? inlineScriptHashes(opts.webIndex) : [],
    ),
    frameguard: { action: 'deny' },
    // Share links and signed media links carry their token in the address: other sites get
    // the origin only, never the path or query.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Over plain http the header means nothing and would pin a later https setup for a year.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
  await app.register(compress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodedPathOf } from './requested-with';

const NOT_BUILT =
  'The web app has not been built. Run `npm run build` in the repository root, then restart the server.';

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year, everything else
 * (index.html) is revalidated. Any other non-/api path gets index.html (SPA fallback).
 * Returns the not-found handler for non-/api paths.
 */
export const staticWeb = async (
  app: FastifyInstance,
  webDistDir: string,
): Promise<(req: FastifyRequest, reply: FastifyReply) => unknown> => {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    return (_req, reply) => reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT);
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const rel = path.relative(webDistDir, filePath).split(path.sep).join('/');
      res.header(
        'Cache-Control',
        rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return (req, reply) => {
    const p = decodedPathOf(req.url);
    // A missing hashed asset is a real 404, not the app (the browser expects JS/CSS there).
    if ((req.method !== 'GET' && req.method !== 'HEAD') || p.startsWith('/assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  };
};

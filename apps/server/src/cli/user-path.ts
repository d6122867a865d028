import path from 'node:path';

/** A path given on the command line, relative to where the user ran npm (npm runs scripts in the workspace). */
export const userPath = (p: string): string => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

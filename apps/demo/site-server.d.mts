import type { Server } from 'node:http';

export function apiUrlOf(env: Record<string, string | undefined>): string;
export function createSiteServer(options: { dist: string; apiUrl: string }): Server;

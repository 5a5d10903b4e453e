import type { Server } from 'node:http';

export function apiUrlOf(env: Record<string, string | undefined>): string | undefined;
export function createSiteServer(options: { dist: string; apiUrl?: string | undefined }): Server;
export function negotiate(header: string | undefined): 'br' | 'gzip' | undefined;

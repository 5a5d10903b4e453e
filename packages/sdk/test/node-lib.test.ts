// A Node-only TypeScript project (lib without "DOM") compiles the SDK's sources too, since the
// package exports `.ts` files: skipLibCheck does not cover them. The SDK must compile there and
// must not bring the DOM lib in with it (no `/// <reference lib="dom" />`).
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const index = fileURLToPath(new URL('../src/index.ts', import.meta.url));
/** A consumer's file, given to the compiler from memory; it sits beside this test. */
const consumer = fileURLToPath(new URL('./node-only-consumer.ts', import.meta.url));

const nodeOnly: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  lib: ['lib.es2023.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noUncheckedIndexedAccess: true,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
};

/** Compiles `index.ts`, or the consumer with the given text, and lists the errors. */
function compile(options: ts.CompilerOptions, consumerText?: string) {
  const host = ts.createCompilerHost(options);
  if (consumerText !== undefined) {
    const { fileExists, getSourceFile } = host;
    host.fileExists = (name) => name === consumer || fileExists(name);
    host.getSourceFile = (name, language, ...rest) =>
      name === consumer
        ? ts.createSourceFile(name, consumerText, language)
        : getSourceFile(name, language, ...rest);
  }
  const program = ts.createProgram([consumerText === undefined ? index : consumer], options, host);
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  const libs = program
    .getSourceFiles()
    .map((file) => file.fileName)
    .filter((name) => /\/lib\.[\w.]+\.d\.ts$/.test(name))
    .map((name) => name.replace(/^.*\//, ''));
  return { errors, libs };
}

/** Uses the SDK, then browser globals and types that only the DOM lib declares. */
const consumerUsingDom = `
import { cookieTokenStore, createClient, OAuthStrategy } from '../src/index.ts';

export const client = createClient({
  auth: OAuthStrategy({ clientId: 'c', baseUrl: 'http://api.test', tokenStore: cookieTokenStore() }),
  apiBaseUrl: 'http://api.test',
  modules: {},
});
export const title: string = document.title;
export const frame: HTMLElement | undefined = undefined;
`;

describe('type-check without the DOM lib', () => {
  it('compiles the whole package with lib ES2023 only', () => {
    expect(compile(nodeOnly).errors).toEqual([]);
  }, 60_000);

  it('brings no DOM lib into the project', () => {
    const { libs } = compile(nodeOnly);
    expect(libs).toContain('lib.es2023.d.ts');
    expect(libs.filter((name) => /dom|webworker/i.test(name))).toEqual([]);
  }, 60_000);

  it("leaves a consumer's DOM globals and types undeclared", () => {
    const { errors } = compile(nodeOnly, consumerUsingDom);
    expect(errors).toEqual([
      `${consumer}: Cannot find name 'document'. Do you need to change your target library? Try changing the 'lib' compiler option to include 'dom'.`,
      `${consumer}: Cannot find name 'HTMLElement'.`,
    ]);
  }, 60_000);

  it('compiles the same consumer once it asks for the DOM lib itself', () => {
    const { errors, libs } = compile(
      { ...nodeOnly, lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'] },
      consumerUsingDom,
    );
    expect(errors).toEqual([]);
    expect(libs).toContain('lib.dom.d.ts');
  }, 60_000);
});

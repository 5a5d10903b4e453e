// A Node-only TypeScript project (lib without "DOM") compiles the SDK's sources too, since the
// package exports `.ts` files: skipLibCheck does not cover them.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const index = fileURLToPath(new URL('../src/index.ts', import.meta.url));

describe('type-check without the DOM lib', () => {
  it('compiles the whole package with lib ES2023 only', () => {
    const program = ts.createProgram([index], {
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
    });
    const messages = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(messages).toEqual([]);
  }, 60_000);
});

/** A command that cannot run as asked: its message is for the operator, printed without a stack. */
export class CliError extends Error {
  constructor(
    message: string,
    /** 2: the command was used wrongly; 1: it could not do what it was asked. */
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/**
 * CodeSandbox previews are served from `<sandbox id>-<port>.csb.app` (e.g. `k3x9qz-3000.csb.app`):
 * the code-sandbox host followed by a number. Sign-in redirects leave that preview frame, so the
 * app explains it once (the login-environment modal). Case-insensitive; one label only, so
 * `evil.example-3000.csb.app.example.com` and `csb.app` itself do not match.
 */
export const SANDBOX_HOST_PATTERN = /^[a-z0-9]+-\d+\.csb\.app$/i;

export const isSandboxHost = (hostname: string): boolean => SANDBOX_HOST_PATTERN.test(hostname);

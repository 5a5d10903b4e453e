export { type Mailer, mailer, type OutgoingMail, type SmtpSettings, type StoredMail } from './mailer.ts';
export { mailboxRoutes } from './routes.ts';

import { notFound, ValidationError } from '../../lib/errors.ts';

export const webhooksErrors = {
  webhookNotFound: (id: string) => notFound('WEBHOOK_NOT_FOUND', 'Webhook not found', { id }),
  deliveryNotFound: (id: string) =>
    notFound('WEBHOOK_DELIVERY_NOT_FOUND', 'Webhook delivery not found', { id }),
  badUrl: (field: string, url: string, problem: string) =>
    new ValidationError([{ field, description: problem, violatedRule: 'FORMAT', data: { url } }]),
};

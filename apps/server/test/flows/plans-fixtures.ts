/** Plans of the tests: the three kinds of pricing of map 12, as the owner creates them. */
export const PLANS = '/pricing-plans/v2/plans';
/** The application error code of an answer (undefined when it carries none). */
export const code = (response: { data: any }) => response.data?.details?.applicationError?.code;

export const community = {
  name: 'Community',
  description: 'Join the forum',
  perks: { values: ['Forum access', 'Monthly newsletter'] },
  pricing: { singlePaymentUnlimited: true },
};
export const studioPass = {
  name: 'Studio Pass',
  perks: { values: ['8 classes a month'] },
  pricing: {
    subscription: { cycleDuration: { count: 1, unit: 'MONTH' }, cycleCount: 0 },
    price: { value: '49', currency: 'USD' },
    freeTrialDays: 7,
  },
  maxPurchasesPerBuyer: 1,
  buyerCanCancel: true,
};
export const yearly = {
  name: 'Yearly Unlimited',
  pricing: { singlePaymentForDuration: { count: 1, unit: 'YEAR' }, price: { value: '399.9' } },
  allowFutureStartDate: true,
  termsAndConditions: 'No refunds after 14 days.',
};

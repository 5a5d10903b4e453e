/**
 * Links for the site owner: where to install an app and where to turn on online payments.
 * Plaza has no owner dashboard yet, so both open the API reference at the call that does it
 * (`PATCH /plaza/v1/site` with `installedApps`, `PATCH /plaza/v1/ecom-settings` with `payments`,
 * `POST /stores/v1/products`).
 * The site id read from the token and the app travel in the query for the dashboard to use once
 * it exists; the reference page ignores them.
 */
export interface OwnerLinks {
  appSettings(installLink: string): string;
  paymentSettings: string;
  addProduct: string;
}

export function ownerLinks(apiUrl: string, siteId: string | null): OwnerLinks {
  const query = (extra: Record<string, string> = {}) => {
    const params = new URLSearchParams({ ...(siteId ? { siteId } : {}), ...extra }).toString();
    return params ? `?${params}` : '';
  };
  return {
    appSettings: (installLink) =>
      `${apiUrl}/docs${query(installLink ? { app: installLink } : {})}#tag/sites/PATCH/plaza/v1/site`,
    paymentSettings: `${apiUrl}/docs${query()}#tag/ecom/PATCH/plaza/v1/ecom-settings`,
    addProduct: `${apiUrl}/docs${query()}#tag/stores/POST/stores/v1/products`,
  };
}

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CliError } from '../../src/cli/errors.ts';
import { sitesCommand } from '../../src/cli/sites.ts';
import { siteTables } from '../../src/db/site-rows.ts';
import { provisionSite } from '../../src/seed/site.ts';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { CARD_OK, checkoutOf, pay, settings, shopSettings } from './ecom-fixtures.ts';
import { createProduct, R, tShirt } from './stores-fixtures.ts';

/**
 * `plaza sites create | list | delete` on the platform the command builds: a site made this way works
 * for its storefront's client, stays apart from the others, and leaves no row behind once deleted.
 */
describe.each(engines)('plaza sites (%s)', (engine) => {
  let t: TestApp;
  let other: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    other = await t.createSite({ name: 'Other shop' });
    await createProduct(t, other, tShirt({ name: 'Other mug', sku: 'O-1' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const sites = (...args: string[]) => sitesCommand(t.platform, args);
  const refusal = async (...args: string[]) => {
    const error = await sites(...args).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(CliError);
    return error as CliError;
  };
  const create = async (name: string, extra: string[] = []) =>
    JSON.parse(
      await sites(
        'create',
        '--name',
        name,
        '--owner-email',
        'Owner@Shop.example',
        '--owner-password',
        'correct-Horse-7',
        '--origin',
        'https://shop.example',
        '--json',
        ...extra,
      ),
    ) as { siteId: string; clientId: string; apiKey: string; owner: { email: string; password?: string } };
  const productNames = async (auth: string) => {
    const response = await t.call({ method: 'GET', url: `${R}/products/query-platformized`, auth });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.products.map((product: { name: string }) => product.name);
  };
  const visitorToken = async (clientId: string) => {
    const response = await t.call({
      method: 'POST',
      url: '/oauth2/token',
      payload: { clientId, grantType: 'anonymous' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.access_token as string;
  };

  it("creates a site whose storefront client gets a visitor token and sees that site's products only", async () => {
    const made = await create('Second shop', ['--apps', 'stores', '--currency', 'EUR']);
    expect(made.owner).toEqual({ email: 'owner@shop.example' });
    const admin = { id: made.siteId, adminKey: made.apiKey } as TestSite;
    await createProduct(t, admin, tShirt({ name: 'Second mug', sku: 'S-1' }));

    const visitor = await visitorToken(made.clientId);
    expect(await productNames(visitor)).toEqual(['Second mug']);
    expect(await productNames(other.adminKey)).toEqual(['Other mug']);
    expect(await productNames(await other.token('visitor'))).toEqual(['Other mug']);

    const site = await t.call({ method: 'GET', url: '/plaza/v1/site', auth: made.apiKey });
    expect(site.data.site).toMatchObject({ name: 'Second shop', currency: 'EUR', installedApps: ['stores'] });
    const client = await t.call({
      method: 'GET',
      url: `/oauth-app/v1/oauth-apps/${made.clientId}`,
      auth: made.apiKey,
    });
    expect(client.data.oAuthApp).toMatchObject({
      allowedOrigins: ['https://shop.example'],
      allowedRedirectUris: ['https://shop.example/login-callback', 'https://shop.example/'],
    });
    // Another site's key reaches nothing of it.
    const foreign = await t.call({
      method: 'GET',
      url: `/oauth-app/v1/oauth-apps/${made.clientId}`,
      auth: other.adminKey,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('generates the owner password when none is given and says so once', async () => {
    const text = await sites(
      'create',
      '--name',
      'Generated',
      '--owner-email',
      'gen@shop.example',
      '--origin',
      'https://gen.example/',
      '--redirect-uri',
      'https://gen.example/callback',
    );
    expect(text).toMatch(/^Created site [0-9a-f-]{36} \(Generated\)$/m);
    expect(text).toMatch(/owner {10}gen@shop\.example \/ [\w-]{24} {2}\(generated: keep it now/);
    expect(text).toMatch(/admin API key {2}plz_\S+ {2}\(shown once\)/);
  });

  it('lists every site with its owners and client ids', async () => {
    const made = await create('Listed shop');
    const listed = JSON.parse(await sites('list', '--json')) as Array<Record<string, unknown>>;
    expect(listed.find((site) => site.id === made.siteId)).toMatchObject({
      name: 'Listed shop',
      owners: ['owner@shop.example'],
      clientIds: [made.clientId],
    });
    expect(listed.find((site) => site.id === other.id)).toMatchObject({ owners: [], clientIds: [] });
    const table = (await sites('list')).split('\n');
    expect(table[0]).toMatch(/^SITE ID +NAME +OWNER +CLIENT ID$/);
    expect(table.find((row) => row.startsWith(made.siteId))).toMatch(
      new RegExp(`^${made.siteId} +Listed shop +owner@shop\\.example +${made.clientId}$`),
    );
  });

  it('refuses wrong input with every problem named, and makes nothing', async () => {
    const before = (await t.platform.sites.store.directory()).length;
    expect((await refusal('create', '--name', 'X')).message).toContain('Missing --owner-email, --origin.');
    expect((await refusal('create', '--nmae', 'X')).message).toContain("Unknown option '--nmae'");
    expect((await refusal('rename')).message).toContain('Unknown sites command "rename"');
    const bad = await refusal(
      'create',
      '--name',
      'Bad',
      '--owner-email',
      'not-an-email',
      '--owner-password',
      'short',
      '--origin',
      'shop.example',
      '--apps',
      'stores,forum',
      '--time-zone',
      'Mars/Olympus',
    );
    expect(bad.exitCode).toBe(2);
    expect(bad.message.split('\n').slice(0, 6)).toEqual([
      'Cannot create the site:',
      '  time zone "Mars/Olympus" must be an IANA name such as Europe/Lisbon',
      '  app "forum" is not one of stores, bookings, events, pricing-plans',
      '  owner e-mail "not-an-email" is not an e-mail address',
      '  the owner password must be at least 8 characters long',
      '  origin "shop.example" must be a scheme and host, e.g. https://shop.example',
    ]);
    expect((await t.platform.sites.store.directory()).length).toBe(before);
  });

  it('removes what it wrote when a step fails, so that a site is there whole or not at all', async () => {
    // The last step, the API key, fails as a lost connection would make it.
    const keys = vi
      .spyOn(t.platform.identity.apiKeys, 'create')
      .mockRejectedValueOnce(new Error('connection lost'));
    const setup = {
      name: 'Half made',
      owner: { email: 'half@shop.example', password: 'correct-Horse-7' },
      client: { name: 'Half', allowedOrigins: ['https://half.example'], allowedRedirectUris: [] },
      apiKeyName: 'test',
    };
    await expect(provisionSite(t.platform, setup)).rejects.toThrow('connection lost');
    keys.mockRestore();
    const names = (await t.platform.sites.store.directory()).map((site) => site.name);
    expect(names).not.toContain('Half made');
    const owners = await t.database.db.selectFrom('site_owners').select('email').execute();
    expect(owners.map((owner) => owner.email)).not.toContain('half@shop.example');
    const clients = await t.database.db.selectFrom('oauth_apps').select('doc').execute();
    expect(clients.map((client) => String(client.doc))).not.toContainEqual(
      expect.stringContaining('half.example'),
    );
  });

  it('deletes a site and every row of it only with --yes, leaving the other sites whole', async () => {
    const made = await create('Doomed shop');
    const admin = { id: made.siteId, adminKey: made.apiKey } as TestSite;
    await settings(t, admin, shopSettings);
    const mug = await createProduct(
      t,
      admin,
      tShirt({
        name: 'Doomed mug',
        sku: 'D-1',
        productOptions: [],
        stock: { trackInventory: true, quantity: 5 },
      }),
    );
    const visitor = await visitorToken(made.clientId);
    const paid = await pay(t, visitor, await checkoutOf(t, visitor, mug.id), {
      paymentMethod: 'test',
      card: CARD_OK,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const rowsOf = async (siteId: string) => {
      const counts: Record<string, number> = {};
      for (const table of await siteTables(t.database.db, t.engine)) {
        const row = await t.database.db
          .selectFrom(table as 'outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('site_id', '=', siteId)
          .executeTakeFirstOrThrow();
        if (Number(row.n) > 0) counts[table] = Number(row.n);
      }
      return counts;
    };
    const before = await rowsOf(made.siteId);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'ecom_orders',
        'store_products',
        'site_owners',
        'api_keys',
        'oauth_apps',
        'outbox',
      ]),
    );
    const otherBefore = await rowsOf(other.id);

    const unconfirmed = await refusal('delete', made.siteId);
    expect(unconfirmed.message).toContain(
      `Run again with --yes to delete it: plaza sites delete ${made.siteId} --yes`,
    );
    expect(await rowsOf(made.siteId)).toEqual(before);

    const done = await sites('delete', made.siteId, '--yes');
    const total = Object.values(before).reduce((sum, n) => sum + n, 0);
    expect(done).toBe(
      `Deleted site ${made.siteId} (Doomed shop): ${total} rows in ${Object.keys(before).length} tables.`,
    );
    expect(await rowsOf(made.siteId)).toEqual({});
    expect(await t.platform.sites.store.getSite(made.siteId)).toBeUndefined();
    expect(await rowsOf(other.id)).toEqual(otherBefore);
    expect(await productNames(other.adminKey)).toEqual(['Other mug']);

    const again = await refusal('delete', made.siteId, '--yes');
    expect(again.exitCode).toBe(1);
    expect(again.message).toContain(`There is no site ${made.siteId}`);
  });
});

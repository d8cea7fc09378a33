import { createExecutionContext, env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  AddressBookResponseSchema,
  AddressResponseSchema,
  AddressValidationResponseSchema,
} from '../../src/lib/account/addresses.ts';
import { ErrorBodySchema } from '../../src/lib/http/errors.ts';
import { createApp } from '../fixtures/app.ts';
import { sameOriginJson, signInCookie, TEST_ORIGIN } from '../fixtures/auth.ts';

// The address book against the real upstream and D1 (issue 12 part 2; account §3, §5, §7, §8;
// docs/decisions/320-address-book.md).

const app = createApp();
let cookie = '';
const send = (method: string, path: string, body?: unknown, withCookie = true) =>
  app.request(
    `${TEST_ORIGIN}${path}`,
    {
      method,
      headers: sameOriginJson(withCookie ? cookie : undefined),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    env,
    createExecutionContext(),
  );
const address = (n: number, extra: Record<string, unknown> = {}) => ({
  types: ['delivery'],
  fullName: 'Dana Rivera',
  addressLine1: `${n} Elm St`,
  city: 'Fresno',
  state: 'CA',
  zipCode: '93710',
  ...extra,
});
const list = async () =>
  v.parse(AddressBookResponseSchema, await (await send('GET', '/profile/api/get-addresses')).json()).data;

beforeAll(async () => {
  cookie = await signInCookie(app, env);
});
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM customer_addresses').run();
});

describe('the address book', () => {
  test('needs a signed-in shopper', async () => {
    const response = await send('GET', '/profile/api/get-addresses', undefined, false);
    expect(response.status).toBe(401);
    expect(v.parse(ErrorBodySchema, await response.json()).errors[0]?.code).toBe('AUTH_REQUIRED');
  });

  test('add, update and remove; the locator normalises; one default at most', async () => {
    const added = await send('POST', '/profile/api/add-address', {
      address: address(12, { addressLine1: '12  elm st', city: 'fresno', types: ['delivery', 'default'] }),
    });
    expect(added.status).toBe(201);
    const first = v.parse(AddressResponseSchema, await added.json()).data.address;
    expect(first).toMatchObject({
      addressLine1: '12 Elm St',
      city: 'Fresno',
      state: 'CA',
      types: ['delivery', 'default'],
    });
    const second = v.parse(
      AddressResponseSchema,
      await (
        await send('POST', '/profile/api/add-address', { address: address(30, { types: ['home', 'default'] }) })
      ).json(),
    ).data.address;
    const book = await list();
    expect(book.addresses.find((entry) => entry.addressId === first.addressId)?.types).toEqual(['delivery']);
    expect(book.addresses.find((entry) => entry.addressId === second.addressId)?.types).toEqual(['home', 'default']);
    const updated = await send('POST', '/profile/api/update-address', {
      addressId: first.addressId,
      address: address(14, { addressLine2: 'Apt 2' }),
    });
    expect(updated.status).toBe(200);
    expect(v.parse(AddressResponseSchema, await updated.json()).data.address).toMatchObject({
      addressLine1: '14 Elm St',
      addressLine2: 'Apt 2',
    });
    expect((await send('POST', '/profile/api/remove-address', { addressId: first.addressId })).status).toBe(200);
    expect((await list()).addresses.map((entry) => entry.addressId)).toEqual([second.addressId]);
    // gone, or another shopper's: 404
    expect((await send('POST', '/profile/api/remove-address', { addressId: first.addressId })).status).toBe(404);
  });

  test('the 75th address is fine, the 76th is 422 with the spec message; the book then says so', async () => {
    const now = Date.now();
    const rows = Array.from({ length: 74 }, (_, n) =>
      env.DB.prepare(
        "INSERT INTO customer_addresses (address_id, customer_guid, types, full_name, address_line1, city, state, zip_code, created_at, updated_at) VALUES (?1, '7d0c5a1e-4b2f-4e8a-9c61-3f2d8b0a5e11', 'delivery', 'Dana', ?2, 'Fresno', 'CA', '93710', ?3, ?3)",
      ).bind(`seeded-address-${String(n).padStart(3, '0')}`, `${n + 1} Oak St`, now + n),
    );
    await env.DB.batch(rows);
    expect((await send('POST', '/profile/api/add-address', { address: address(75) })).status).toBe(201);
    const over = await send('POST', '/profile/api/add-address', { address: address(76) });
    expect(over.status).toBe(422);
    expect(v.parse(ErrorBodySchema, await over.json()).errors[0]?.reason).toBe(
      'You have reached the address book limit of 75 addresses. If you wish to add a new one, please consider removing an address not in use.',
    );
    const book = await list();
    expect(book.addresses).toHaveLength(75);
    expect(book.message).toBe(
      'You have reached the address book limit of 75 addresses. If you wish to add a new one, please consider removing an address not in use.',
    );
  });

  test('a second default takes the default from the first, which stays a delivery address; the book still reads', async () => {
    const add = async (n: number) =>
      v.parse(
        AddressResponseSchema,
        await (await send('POST', '/profile/api/add-address', { address: address(n, { types: ['default'] }) })).json(),
      ).data.address;
    const first = await add(12);
    const second = await add(30);
    const answer = await send('GET', '/profile/api/get-addresses');
    expect(answer.status).toBe(200);
    const book = v.parse(AddressBookResponseSchema, await answer.json()).data;
    expect(book.addresses.find((entry) => entry.addressId === first.addressId)?.types).toEqual(['delivery']);
    expect(book.addresses.find((entry) => entry.addressId === second.addressId)?.types).toEqual(['default']);
    // made the default again by an update: the other one gives the default up the same way
    expect(
      (
        await send('POST', '/profile/api/update-address', {
          addressId: first.addressId,
          address: address(12, { types: ['default'] }),
        })
      ).status,
    ).toBe(200);
    const after = await list();
    expect(after.addresses.find((entry) => entry.addressId === first.addressId)?.types).toEqual(['default']);
    expect(after.addresses.find((entry) => entry.addressId === second.addressId)?.types).toEqual(['delivery']);
  });

  test('a refused update (no such address) leaves the default where it was', async () => {
    const kept = v.parse(
      AddressResponseSchema,
      await (
        await send('POST', '/profile/api/add-address', { address: address(12, { types: ['home', 'default'] }) })
      ).json(),
    ).data.address;
    const refused = await send('POST', '/profile/api/update-address', {
      addressId: '00000000-0000-4000-8000-00000000dead',
      address: address(14, { types: ['delivery', 'default'] }),
    });
    expect(refused.status).toBe(404);
    expect((await list()).addresses.map((entry) => [entry.addressId, entry.types])).toEqual([
      [kept.addressId, ['home', 'default']],
    ]);
  });

  test('a refused 76th address (over the limit) leaves the default where it was', async () => {
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 75 }, (_, n) =>
        env.DB.prepare(
          "INSERT INTO customer_addresses (address_id, customer_guid, types, full_name, address_line1, city, state, zip_code, created_at, updated_at) VALUES (?1, '7d0c5a1e-4b2f-4e8a-9c61-3f2d8b0a5e11', ?2, 'Dana', ?3, 'Fresno', 'CA', '93710', ?4, ?4)",
        ).bind(
          `seeded-address-${String(n).padStart(3, '0')}`,
          n === 0 ? 'default' : 'delivery',
          `${n + 1} Oak St`,
          now + n,
        ),
      ),
    );
    const over = await send('POST', '/profile/api/add-address', { address: address(76, { types: ['default'] }) });
    expect(over.status).toBe(422);
    const book = await list();
    expect(book.addresses).toHaveLength(75);
    expect(book.addresses.find((entry) => entry.addressId === 'seeded-address-000')?.types).toEqual(['default']);
  });

  test('a stored address without a type reads as a delivery address, never as [""]', async () => {
    const now = Date.now();
    await env.DB.batch(
      ['', ',', 'home,', 'default,,delivery'].map((types, n) =>
        env.DB.prepare(
          "INSERT INTO customer_addresses (address_id, customer_guid, types, full_name, address_line1, city, state, zip_code, created_at, updated_at) VALUES (?1, '7d0c5a1e-4b2f-4e8a-9c61-3f2d8b0a5e11', ?2, 'Dana', ?3, 'Fresno', 'CA', '93710', ?4, ?4)",
        ).bind(`stored-address-${n}`, types, `${n + 1} Oak St`, now + n),
      ),
    );
    const answer = await send('GET', '/profile/api/get-addresses');
    expect(answer.status).toBe(200);
    expect(v.parse(AddressBookResponseSchema, await answer.json()).data.addresses.map((entry) => entry.types)).toEqual([
      ['delivery'],
      ['delivery'],
      ['home'],
      ['default', 'delivery'],
    ]);
  });

  test('migration 0040 gives the addresses left without a type the delivery type, and touches no other', async () => {
    const now = Date.now();
    const stored = ['', ',', 'home', 'delivery,default'];
    await env.DB.batch(
      stored.map((types, n) =>
        env.DB.prepare(
          "INSERT INTO customer_addresses (address_id, customer_guid, types, full_name, address_line1, city, state, zip_code, created_at, updated_at) VALUES (?1, '7d0c5a1e-4b2f-4e8a-9c61-3f2d8b0a5e11', ?2, 'Dana', ?3, 'Fresno', 'CA', '93710', ?4, ?4)",
        ).bind(`repaired-address-${n}`, types, `${n + 1} Oak St`, now + n),
      ),
    );
    const repair = env.TEST_MIGRATIONS.find((migration) => migration.name.startsWith('0040_'));
    expect(repair).toBeDefined();
    await env.DB.batch(repair!.queries.map((sql) => env.DB.prepare(sql)));
    const { results } = await env.DB.prepare(
      "SELECT types FROM customer_addresses WHERE address_id LIKE 'repaired-address-%' ORDER BY address_id",
    ).all<{ types: string }>();
    expect(results.map((row) => row.types)).toEqual(['delivery', 'delivery', 'home', 'delivery,default']);
  });

  test('address validation: refused addresses are 422 with the reason; the locator call answers its verdict', async () => {
    const refused = await send('POST', '/profile/api/add-address', {
      address: address(1, { addressLine1: 'Elm Street', zipCode: '04101' }),
    });
    expect(refused.status).toBe(422);
    expect(v.parse(ErrorBodySchema, await refused.json()).errors[0]?.reason).toBe(
      'The street address needs a house number and a street name.',
    );
    const verdict = v.parse(
      AddressValidationResponseSchema,
      await (
        await send(
          'POST',
          '/atlas/v1/locator/address-validation',
          { address: { addressLine1: '5 harbor sq', city: 'rockland', state: 'me', zipCode: '04841' } },
          false,
        )
      ).json(),
    ).data;
    expect(verdict).toEqual({
      valid: true,
      issues: [],
      normalized: { addressLine1: '5 Harbor Sq', city: 'Rockland', state: 'ME', zipCode: '04841' },
    });
    const wrongZip = v.parse(
      AddressValidationResponseSchema,
      await (
        await send(
          'POST',
          '/atlas/v1/locator/address-validation',
          { address: { addressLine1: '5 Harbor Sq', city: 'Rockland', state: 'ME', zipCode: '93710' } },
          false,
        )
      ).json(),
    ).data;
    expect(wrongZip).toMatchObject({ valid: false, issues: ['93710 is not a ZIP code in ME.'] });
    expect((await send('POST', '/profile/api/add-address', { address: { ...address(1), state: 'XX' } })).status).toBe(
      400,
    );
  });

  test('the plain forms of the address page come back to it saying what happened', async () => {
    const form = (path: string, fields: string) =>
      app.request(
        `${TEST_ORIGIN}${path}`,
        {
          method: 'POST',
          headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: fields,
          redirect: 'manual',
        },
        env,
        createExecutionContext(),
      );
    const added = await form(
      '/profile/api/add-address',
      'types=home&types=default&fullName=Dana+Rivera&addressLine1=9+Pine+Ave&city=Fresno&state=CA&zipCode=93711',
    );
    expect(added.headers.get('location')).toBe('/account/addresses?address=added');
    const refused = await form(
      '/profile/api/add-address',
      'types=home&fullName=Dana&addressLine1=Pine&city=Fresno&state=CA&zipCode=93711',
    );
    expect(refused.headers.get('location')).toContain('addressError=The+street+address+needs');
  });
});

import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import { signInUrl } from '../../src/lib/auth/redirect.ts';
import {
  ADDRESS_PATHS,
  AddAddressSchema,
  AddressBookResponseSchema,
  AddressResponseSchema,
  AddressValidationResponseSchema,
  RemoveAddressSchema,
  RemovedAddressResponseSchema,
  UpdateAddressSchema,
  ValidateAddressSchema,
} from '../../src/lib/account/addresses.ts';
import { HttpError } from '../../src/lib/http/errors.ts';
import { ACCOUNT_MESSAGES, EDGE_REASONS, SIGN_IN_REASONS } from '../../src/lib/http/messages.ts';
import { requireSession } from '../middleware/require-session/index.ts';
import type { EdgeEnv } from '../types.ts';
import { formOf, validJson, validJsonOrForm, type FormFields } from '../validate.ts';
import type { Capability } from '../capability.ts';

// The address book at the edge (issue 12 part 2; account §7): the spec's /profile/api/* calls for
// a signed-in shopper (401 otherwise), validated both ways, and the same calls as the address
// page's plain forms (before or without JavaScript), which come back to /account/addresses.
// docs/decisions/320-address-book.md

const addressesRoutes = new Hono<EdgeEnv>();
type AddressContext = Context<EdgeEnv>;

/** This area as the rest of the edge knows it (worker/capability.ts). */
export const addressesCapability: Capability = {
  routes: addressesRoutes,
  apiPrefixes: ['/profile/api/', '/atlas/v1/'],
  // the address book page's forms (decision 320)
  formEndpoints: ['/profile/api/add-address', '/profile/api/update-address', '/profile/api/remove-address'],
  personalPages: ['/account/addresses'],
  registry: {
    api: [
      { method: 'GET', path: '/profile/api/get-addresses', sample: {}, needsSignIn: true },
      {
        method: 'POST',
        path: '/profile/api/add-address',
        sample: {
          body: {
            address: {
              types: ['delivery'],
              fullName: 'Dana Rivera',
              addressLine1: '12 Elm St',
              city: 'Fresno',
              state: 'CA',
              zipCode: '93710',
            },
          },
        },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/profile/api/update-address',
        sample: {
          body: {
            addressId: '00000000-0000-4000-8000-000000000001',
            address: {
              types: ['home'],
              fullName: 'Dana Rivera',
              addressLine1: '14 Elm St',
              city: 'Fresno',
              state: 'CA',
              zipCode: '93710',
            },
          },
        },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/profile/api/remove-address',
        sample: { body: { addressId: '00000000-0000-4000-8000-000000000001' } },
        needsSignIn: true,
      },
      {
        method: 'POST',
        path: '/atlas/v1/locator/address-validation',
        sample: { body: { address: { addressLine1: '12 Elm St', city: 'Fresno', state: 'CA', zipCode: '93710' } } },
        needsSignIn: false,
      },
    ],
    pages: [
      {
        name: 'address book',
        path: '/account/addresses',
        file: 'account/addresses.astro',
        kind: 'interactive',
        needsSignIn: true,
      },
    ],
  },
};

const ADDRESS_PAGE = '/account/addresses';
// the address book needs a full sign-in, not a remembered one (decision 627)
const signedIn = requireSession(SIGN_IN_REASONS.ADDRESSES, { signInFrom: () => ADDRESS_PAGE, fullSignIn: true });

addressesRoutes.get(ADDRESS_PATHS.LIST, signedIn, async (c) => {
  const { data } = await c.get('upstream').json({ path: ADDRESS_PATHS.LIST }, AddressBookResponseSchema);
  return c.json(data, 200);
});

/** The form fields of the address page as the JSON body of a call. */
function formAddress(fields: FormFields) {
  const one = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
  const types = Array.isArray(fields.types) ? fields.types : fields.types ? [fields.types] : [];
  return {
    types,
    fullName: one('fullName'),
    addressLine1: one('addressLine1'),
    addressLine2: one('addressLine2'),
    city: one('city'),
    state: one('state'),
    zipCode: one('zipCode'),
    phone: one('phone'),
  };
}

const CALLS = [
  {
    path: ADDRESS_PATHS.ADD,
    request: AddAddressSchema,
    answer: AddressResponseSchema,
    status: 201,
    done: 'added',
    body: (f: FormFields) => ({ address: formAddress(f) }),
  },
  {
    path: ADDRESS_PATHS.UPDATE,
    request: UpdateAddressSchema,
    answer: AddressResponseSchema,
    status: 200,
    done: 'saved',
    body: (f: FormFields) => ({ addressId: String(f.addressId ?? ''), address: formAddress(f) }),
  },
  {
    path: ADDRESS_PATHS.REMOVE,
    request: RemoveAddressSchema,
    answer: RemovedAddressResponseSchema,
    status: 200,
    done: 'removed',
    body: (f: FormFields) => ({ addressId: String(f.addressId ?? '') }),
  },
] as const;

/** Back to the address page saying what happened (its plain forms). */
const back = (c: AddressContext, params: Record<string, string>) =>
  c.redirect(`${ADDRESS_PAGE}?${new URLSearchParams(params)}`, 303);

for (const call of CALLS) {
  // JSON, or the address page before hydration: a plain form, back to the page saying what happened
  addressesRoutes.post(
    call.path,
    signedIn,
    validJsonOrForm(call.request as v.GenericSchema, {
      fields: call.body,
      invalid: (c, fields, issues) =>
        back(c, {
          addressError: issues[0]?.message ?? EDGE_REASONS.CHECK_ADDRESS,
          ...(fields.addressId ? { edit: String(fields.addressId) } : {}),
        }),
    }),
    async (c) => {
      const body = c.req.valid('json' as never);
      const fields = formOf(c);
      if (!fields) {
        const { data } = await c
          .get('upstream')
          .json({ method: 'POST', path: call.path, body }, call.answer as v.GenericSchema);
        return c.json(data as object, call.status);
      }
      try {
        await c.get('upstream').json({ method: 'POST', path: call.path, body }, call.answer as v.GenericSchema);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) return c.redirect(signInUrl(ADDRESS_PAGE), 303);
        const reason = error instanceof HttpError && error.statusCode < 500 ? error.message : ACCOUNT_MESSAGES.GENERIC;
        return back(c, {
          addressError: reason.slice(0, 200),
          ...(fields.addressId && call.path === ADDRESS_PATHS.UPDATE ? { edit: String(fields.addressId) } : {}),
        });
      }
      return back(c, { address: call.done });
    },
  );
}

addressesRoutes.post(ADDRESS_PATHS.VALIDATE, validJson(ValidateAddressSchema), async (c) => {
  const { data } = await c
    .get('upstream')
    .json({ method: 'POST', path: ADDRESS_PATHS.VALIDATE, body: c.req.valid('json') }, AddressValidationResponseSchema);
  return c.json(data, 200);
});

import { Hono, type Context } from 'hono';
import {
  ADDRESS_BOOK_LIMIT,
  ADDRESS_LIMIT_MESSAGE,
  ADDRESS_PATHS,
  AddAddressSchema,
  RemoveAddressSchema,
  storedAddressTypes,
  UpdateAddressSchema,
  ValidateAddressSchema,
  validateAddress,
  type AddressInput,
  type AddressOutput,
} from '../../src/lib/account/addresses.ts';
import { ERROR_CODES, HttpError } from '../../src/lib/http/errors.ts';
import type { UpstreamEnv } from '../context.ts';
import {
  addressById,
  addressesOf,
  deleteAddress,
  insertAddress,
  updateAddress,
  type AddressRow,
} from '../db/addresses.ts';
import { parseBody } from '../validate.ts';

// The address book service (issue 12 part 2; account §3, §5, §7; migrations/0020): list, add,
// update, remove on the spec's /profile/api/* paths, at most 75 addresses (the 76th is 422 with
// the spec's message), one default at most, every address checked by the locator's validation.

export const addressesService = new Hono<UpstreamEnv>();
type AddressContext = Context<UpstreamEnv>;

const view = (row: AddressRow): AddressOutput => ({
  addressId: row.address_id,
  // a stored list never reads as [''] (decision 624)
  types: storedAddressTypes(row.types),
  fullName: row.full_name,
  addressLine1: row.address_line1,
  addressLine2: row.address_line2,
  city: row.city,
  state: row.state as AddressOutput['state'],
  zipCode: row.zip_code,
  phone: row.phone,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

function customerOf(c: AddressContext): string {
  const customer = c.get('call').customer;
  if (!customer) throw new HttpError(ERROR_CODES.AUTH_REQUIRED, 'Sign in to see your addresses', 401);
  return customer.customerGUID;
}

/** The locator's verdict; an address it refuses is 422 with its first reason. */
function checked(address: AddressInput): AddressInput {
  const verdict = validateAddress(address);
  if (!verdict.valid || !verdict.normalized)
    throw new HttpError(
      ERROR_CODES.UNPROCESSABLE,
      verdict.issues[0] ?? 'The address could not be validated.',
      422,
      verdict.issues,
    );
  return { ...address, ...verdict.normalized, state: address.state, types: [...new Set(address.types)] };
}

addressesService.get(ADDRESS_PATHS.LIST, async (c) => {
  const addresses = (await addressesOf(c.env.DB, customerOf(c))).map(view);
  return c.json(
    { data: { addresses, message: addresses.length >= ADDRESS_BOOK_LIMIT ? ADDRESS_LIMIT_MESSAGE : null } },
    200,
  );
});

addressesService.post(ADDRESS_PATHS.ADD, async (c) => {
  const customerGUID = customerOf(c);
  const address = checked((await parseBody(c, AddAddressSchema)).address);
  const db = c.env.DB;
  const addressId = crypto.randomUUID();
  if (!(await insertAddress(db, customerGUID, addressId, address, Date.now(), ADDRESS_BOOK_LIMIT)))
    throw new HttpError(ERROR_CODES.UNPROCESSABLE, ADDRESS_LIMIT_MESSAGE, 422);
  const row = await addressById(db, addressId);
  return c.json({ data: { address: view(row as AddressRow) } }, 201);
});

addressesService.post(ADDRESS_PATHS.UPDATE, async (c) => {
  const customerGUID = customerOf(c);
  const input = await parseBody(c, UpdateAddressSchema);
  const address = checked(input.address);
  const db = c.env.DB;
  if (!(await updateAddress(db, customerGUID, input.addressId, address, Date.now())))
    throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such address in your address book', 404);
  const row = await addressById(db, input.addressId);
  return c.json({ data: { address: view(row as AddressRow) } }, 200);
});

addressesService.post(ADDRESS_PATHS.REMOVE, async (c) => {
  const customerGUID = customerOf(c);
  const { addressId } = await parseBody(c, RemoveAddressSchema);
  if (!(await deleteAddress(c.env.DB, customerGUID, addressId)))
    throw new HttpError(ERROR_CODES.NOT_FOUND, 'No such address in your address book', 404);
  return c.json({ data: { addressId, removed: true } }, 200);
});

addressesService.post(ADDRESS_PATHS.VALIDATE, async (c) => {
  const { address } = await parseBody(c, ValidateAddressSchema);
  return c.json({ data: validateAddress(address) }, 200);
});

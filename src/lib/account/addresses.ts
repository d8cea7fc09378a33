import * as v from 'valibot';

// The address book (issue 12 part 2; account §3 Address book, §5, §7, §8): its calls on the
// spec's paths, the address as both sides validate it, the 75-address limit and its message.
// docs/decisions/320-address-book.md

export const ADDRESS_PATHS = {
  LIST: '/profile/api/get-addresses',
  ADD: '/profile/api/add-address',
  UPDATE: '/profile/api/update-address',
  REMOVE: '/profile/api/remove-address',
  VALIDATE: '/atlas/v1/locator/address-validation',
} as const;

export const ADDRESS_BOOK_LIMIT = 75;
/** account §8, verbatim. */
export const ADDRESS_LIMIT_MESSAGE =
  'You have reached the address book limit of 75 addresses. If you wish to add a new one, please consider removing an address not in use.';
const ADDRESS_TYPES = ['delivery', 'home', 'default'] as const;
type AddressType = (typeof ADDRESS_TYPES)[number];
/**
 * What an address whose only type was default becomes when another address takes the default: the
 * book exists for delivery, and an address never has no type (docs/decisions/624).
 */
export const FALLBACK_ADDRESS_TYPE: AddressType = 'delivery';

/**
 * The types of a stored comma list: the known ones, once each, in order, and never none.
 * `storedAddressTypes('home,default') -> ['home', 'default']`, `storedAddressTypes('') -> ['delivery']`
 */
export function storedAddressTypes(stored: string): AddressType[] {
  const known = stored
    .split(',')
    .map((type) => type.trim())
    .filter((type): type is AddressType => (ADDRESS_TYPES as readonly string[]).includes(type));
  const types = [...new Set(known)];
  return types.length > 0 ? types : [FALLBACK_ADDRESS_TYPE];
}

export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

const text = (max: number, message: string) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, message), v.maxLength(max, `must be at most ${max} characters`));

const AddressInputSchema = v.object({
  types: v.pipe(v.array(v.picklist(ADDRESS_TYPES)), v.minLength(1, 'choose at least one type'), v.maxLength(3)),
  fullName: text(80, 'enter a name'),
  addressLine1: text(100, 'enter a street address'),
  addressLine2: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  city: text(60, 'enter a city'),
  state: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.picklist(US_STATES, 'choose a state')),
  zipCode: v.pipe(v.string(), v.trim(), v.regex(/^\d{5}(-\d{4})?$/, 'enter a 5-digit ZIP code')),
  phone: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^$|^\+?[\d\s().-]{10,20}$/, 'enter a 10-digit phone number')),
    '',
  ),
});
export type AddressInput = v.InferOutput<typeof AddressInputSchema>;

const AddressSchema = v.object({
  addressId: v.string(),
  ...AddressInputSchema.entries,
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type AddressOutput = v.InferOutput<typeof AddressSchema>;

/** account §3 Address book: the list and a message. */
export const AddressBookResponseSchema = v.object({
  data: v.object({ addresses: v.array(AddressSchema), message: v.nullable(v.string()) }),
});
export const AddressResponseSchema = v.object({ data: v.object({ address: AddressSchema }) });
export const AddAddressSchema = v.object({ address: AddressInputSchema });
export const UpdateAddressSchema = v.object({
  addressId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/, 'must be an address id')),
  address: AddressInputSchema,
});
export const RemoveAddressSchema = v.object({ addressId: UpdateAddressSchema.entries.addressId });
export const RemovedAddressResponseSchema = v.object({
  data: v.object({ addressId: v.string(), removed: v.literal(true) }),
});

export const ValidateAddressSchema = v.object({
  address: v.object({
    addressLine1: v.pipe(v.string(), v.maxLength(100)),
    city: v.pipe(v.string(), v.maxLength(60)),
    state: v.pipe(v.string(), v.maxLength(2)),
    zipCode: v.pipe(v.string(), v.maxLength(10)),
  }),
});
export const AddressValidationResponseSchema = v.object({
  data: v.object({
    valid: v.boolean(),
    issues: v.array(v.string()),
    normalized: v.nullable(
      v.object({ addressLine1: v.string(), city: v.string(), state: v.string(), zipCode: v.string() }),
    ),
  }),
});

/** The first digit of ZIP codes per state (the regions the reference locator knows). */
const ZIP_REGION: Readonly<Record<string, string>> = {
  CA: '9',
  ME: '0',
  NY: '01',
  TX: '7',
  FL: '3',
  WA: '9',
  OR: '9',
  MA: '0',
  IL: '6',
  OH: '4',
};

/**
 * The reference locator's rules (a real address-validation service replaces them behind the same
 * path): a street line with a house number and a street name, a known state, a 5-digit ZIP whose
 * first digit fits the state's region. Normalised: title-cased street and city, upper-case state.
 */
export function validateAddress(address: { addressLine1: string; city: string; state: string; zipCode: string }) {
  const issues: string[] = [];
  const line = address.addressLine1.trim().replace(/\s+/g, ' ');
  if (!/^\d+[A-Za-z]?\s+\S+/.test(line)) issues.push('The street address needs a house number and a street name.');
  const state = address.state.trim().toUpperCase();
  if (!(US_STATES as readonly string[]).includes(state)) issues.push('Choose a state.');
  const zip = address.zipCode.trim();
  const region = ZIP_REGION[state];
  if (!/^\d{5}(-\d{4})?$/.test(zip)) issues.push('Enter a 5-digit ZIP code.');
  else if (region && !region.includes(zip.charAt(0))) issues.push(`${zip.slice(0, 5)} is not a ZIP code in ${state}.`);
  if (!/^[\p{L} .'-]{2,60}$/u.test(address.city.trim())) issues.push('Enter a city.');
  const title = (value: string) => value.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (letter) => letter.toUpperCase());
  return {
    valid: issues.length === 0,
    issues,
    normalized:
      issues.length === 0 ? { addressLine1: title(line), city: title(address.city.trim()), state, zipCode: zip } : null,
  };
}

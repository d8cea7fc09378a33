// @ts-check
// One money formatter (issue 20 §3; docs/decisions/480): every dollar amount a shopper reads goes
// through src/lib/money (formatCents, formatDollarText). Seven hand-written formatters once
// dropped the thousands separator above $999.99 ("$1234.56"); this rule keeps them from coming
// back in src/, worker/ and upstream/ (tests build their own price strings and are not linted by
// it). It reports:
//   - `x.toFixed(2)`: dollars from cents by hand;
//   - a template literal with a "$" right before an expression (`Save $${cents / 100}`), but not a
//     lone "$" between two expressions (a separator, as in a password hash's `${a}$${b}`);
//   - JSX or Astro text ending in "$" right before an expression (`Balance: ${balance}`);
//   - '$' + something;
//   - an Intl.NumberFormat with a currency outside src/lib/money.

const MESSAGE =
  'Format money with formatCents or formatDollarText (src/lib/money), the one formatter (docs/decisions/480).';
const EXEMPT = /(^|\/)src\/lib\/money\/|\.test\.tsx?$|\.spec\.ts$/;

/** @param {any} node */
const endsWithDollar = (node) => node && typeof node.value === 'string' && /\$\s*$/.test(node.value);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', docs: { description: 'Dollar amounts are formatted only by src/lib/money.' }, schema: [] },
  create(context) {
    const file = context.filename.split('\\').join('/');
    if (EXEMPT.test(file)) return {};
    /** @param {any} node */
    const report = (node) => context.report({ node, message: MESSAGE });
    /** @param {any} node */
    const intlCurrency = (node) => {
      const callee = node.callee;
      const isIntl =
        callee?.type === 'MemberExpression' &&
        callee.object?.name === 'Intl' &&
        callee.property?.name === 'NumberFormat';
      const options = node.arguments?.[1];
      if (
        isIntl &&
        options?.type === 'ObjectExpression' &&
        options.properties.some((/** @type {any} */ p) => p.key?.name === 'currency' || p.key?.value === 'currency')
      )
        report(node);
    };
    return {
      CallExpression(/** @type {any} */ node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.property?.name === 'toFixed' &&
          node.arguments[0]?.type === 'Literal' &&
          node.arguments[0].value === 2
        )
          report(node);
        intlCurrency(node);
      },
      NewExpression: intlCurrency,
      TemplateLiteral(/** @type {any} */ node) {
        node.quasis.slice(0, -1).forEach((/** @type {any} */ quasi, /** @type {number} */ index) => {
          const text = quasi.value.cooked ?? quasi.value.raw;
          if (!/\$$/.test(text)) return;
          if (index > 0 && text === '$') return; // a separator between two expressions
          report(quasi);
        });
      },
      BinaryExpression(/** @type {any} */ node) {
        if (node.operator === '+' && node.left.type === 'Literal' && endsWithDollar(node.left)) report(node);
      },
      JSXText(/** @type {any} */ node) {
        if (!endsWithDollar(node)) return;
        const siblings = node.parent?.children ?? [];
        const next = siblings[siblings.indexOf(node) + 1];
        if (next?.type === 'JSXExpressionContainer') report(node);
      },
    };
  },
};

export default { rules: { 'one-money-formatter': rule } };

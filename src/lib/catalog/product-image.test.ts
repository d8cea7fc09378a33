import { describe, expect, test } from 'vitest';
import { productImageUrl } from './product.ts';
import { productImageOrigin, productImageSources, productImageTemplate } from './product-image.ts';

const CONTRACT = productImageUrl('0010000000016');

describe('productImageTemplate', () => {
  test("is null without configuration: the contract's own images", () => {
    expect(productImageTemplate({})).toBeNull();
    expect(productImageTemplate({ PRODUCT_IMAGE_URL: '  ' })).toBeNull();
  });
  test('takes an https template or a path of this origin that names the gtin13', () => {
    expect(productImageTemplate({ PRODUCT_IMAGE_URL: 'https://img.example/p/{gtin13}.webp?w={width}' })).toBe(
      'https://img.example/p/{gtin13}.webp?w={width}',
    );
    expect(productImageTemplate({ PRODUCT_IMAGE_URL: '/images/{gtin13}.png' })).toBe('/images/{gtin13}.png');
  });
  test('ignores what could not serve pictures safely', () => {
    expect(productImageTemplate({ PRODUCT_IMAGE_URL: 'https://img.example/p.webp' })).toBeNull();
    expect(productImageTemplate({ PRODUCT_IMAGE_URL: 'http://img.example/{gtin13}' })).toBeNull();
    expect(productImageTemplate({ PRODUCT_IMAGE_URL: '//img.example/{gtin13}' })).toBeNull();
    expect(productImageTemplate({ PRODUCT_IMAGE_URL: 'javascript:{gtin13}' })).toBeNull();
  });
});

describe('productImageOrigin', () => {
  test("names a remote service's origin and nothing for this origin", () => {
    expect(productImageOrigin('https://img.example:8443/p/{gtin13}?w={width}')).toBe('https://img.example:8443');
    expect(productImageOrigin('/images/{gtin13}.png')).toBeNull();
    expect(productImageOrigin(null)).toBeNull();
  });
});

describe('productImageSources', () => {
  test("keeps the contract's URL when nothing is configured (the SVG scales, no srcset)", () => {
    expect(productImageSources(CONTRACT, null, 240)).toEqual({ src: CONTRACT });
  });
  test('asks a resizing service for 1x and 2x', () => {
    expect(
      productImageSources(CONTRACT, 'https://img.example/{gtin13}?w={width}', 240, '(max-width: 480px) 45vw, 240px'),
    ).toEqual({
      src: 'https://img.example/0010000000016?w=240',
      srcset: 'https://img.example/0010000000016?w=240 240w, https://img.example/0010000000016?w=480 480w',
      sizes: '(max-width: 480px) 45vw, 240px',
    });
    expect(productImageSources(CONTRACT, 'https://img.example/{gtin13}?w={width}', 64).sizes).toBe('64px');
  });
  test('uses a fixed-size service as it is', () => {
    expect(productImageSources(CONTRACT, '/images/{gtin13}.png', 64)).toEqual({ src: '/images/0010000000016.png' });
  });
  test('leaves URLs outside the contract alone', () => {
    expect(productImageSources('/atlas/v1/recipe/images/abc.svg', '/images/{gtin13}.png', 64)).toEqual({
      src: '/atlas/v1/recipe/images/abc.svg',
    });
    expect(productImageSources('/atlas/v1/product/images/001.svg', '/images/{gtin13}.png', 64)).toEqual({
      src: '/atlas/v1/product/images/001.svg',
    });
  });
});

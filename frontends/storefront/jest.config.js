/** Storefront specs: checkout (Buy Now, its dialogs and helpers) and other pieces (jsdom). */
module.exports = {
  displayName: 'storefront',
  preset: '../kit/build/jest.preset.cjs',
};

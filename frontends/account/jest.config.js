/** Account specs: auth screen pieces and the country combobox (jsdom). */
module.exports = {
  displayName: 'account',
  preset: '../kit/build/jest.preset.cjs',
};

/** Unit tests of kit (the shared setup: build/jest.preset.cjs). */
module.exports = {
  displayName: 'kit',
  preset: './build/jest.preset.cjs',
};

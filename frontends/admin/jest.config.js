/** Admin specs: the admin layout, its UI pieces and the admin pages against a fake fetch (jsdom). */
module.exports = {
  displayName: 'admin',
  preset: '../kit/build/jest.preset.cjs',
};

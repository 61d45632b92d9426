/** Shell specs: routing, guards and layout rules, with remotes replaced by a fake loadRemote. */
module.exports = {
  displayName: 'shell',
  preset: '../kit/build/jest.preset.cjs',
};

// The registration's messages live with its calls in @growth/kit/sign-up (the checkout's sign-up
// dialog says them too).
export { cooldownSeconds, failureOnce } from '@growth/kit/sign-up';

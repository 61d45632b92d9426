/**
 * A third-party script loaded on demand (docs/architecture.md#outside-resources: Google's sign-in and Razorpay's checkout.js),
 * at most once per page however often it is asked for. The returned function resolves with what
 * the script defines (`ready()`), or rejects with a short reason when the script cannot load, does
 * not answer within `timeoutMs`, or loads without defining it; after a failure the next call tries
 * again with a fresh <script>.
 */
export interface ScriptLoaderOptions<T> {
  url: string;
  timeoutMs: number;
  /** What the script defines once it runs, or undefined before. */
  ready(): T | undefined;
  /** Who serves it, for the messages ('Could not reach Razorpay.'). */
  vendor: string;
  /** The message when the script loaded but `ready()` is still undefined. */
  notStarted: string;
}

export function createScriptLoader<T>(options: ScriptLoaderOptions<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    const ready = options.ready();
    if (ready) return Promise.resolve(ready);
    loading ??= new Promise<T>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = options.url;
      script.async = true;
      const fail = (reason: string) => {
        clearTimeout(timer);
        script.remove();
        loading = null; // a later call may try again
        reject(new Error(reason));
      };
      const timer = setTimeout(() => fail(`${options.vendor} did not answer in time.`), options.timeoutMs);
      script.onload = () => {
        clearTimeout(timer);
        const value = options.ready();
        if (value) resolve(value);
        else fail(options.notStarted);
      };
      script.onerror = () => fail(`Could not reach ${options.vendor}.`);
      document.head.appendChild(script);
    });
    return loading;
  };
}

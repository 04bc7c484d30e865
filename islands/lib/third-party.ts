// Loading a third party's script: once per address, never blocking, and failing quietly (a blocked or
// missing script must not break the page or log an uncaught error).
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string, options: { crossOrigin?: boolean } = {}): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      if (options.crossOrigin) script.crossOrigin = 'anonymous';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`${new URL(src, location.href).host} could not be reached`));
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

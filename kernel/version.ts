/** Version reported as `sv` to analytics and as `sdkVersion` in options; kept equal to package.json's version. */
export const SDK_VERSION = '0.1.0';

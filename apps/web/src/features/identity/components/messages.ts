/** Every text of the login screen and sign-out, exactly as docs/screens.md (Sign-in) gives them. */
export const LOGIN_MESSAGES = {
  usernameRequired: 'Please Provide Login ID.',
  passwordRequired: 'Please Provide Password.',
  captchaRequired: 'Please Provide Captcha Text from Image Invalid Captcha.',
  captchaFailed: 'Captcha verification failed.',
  credentialsRequired: 'Username and password are required.',
  loginFailed: 'Login failed.',
  unexpected: 'An error occurred during login.',
  success: 'Login successful!',
  logoutFailed: 'Logout failed.',
} as const;

export const LOCATION_MESSAGES = {
  unsupported: 'Your browser does not support geolocation.',
  denied: 'Location access is blocked. Please enable it in browser settings.',
  unavailable: 'Location is unavailable. Please check your GPS or internet connection.',
  timeout: 'Location request timed out. Please try again.',
  unknown: 'Unknown error occurred while fetching location.',
} as const;

/** docs/screens.md, Sign-in: the move after a successful sign-in, and the first-load error, take 1 second. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;
export const FIRST_LOAD_ERROR_MS = 1000;

/** Texts of the product specification (section 5) that more than one schema uses. */
export const PASSWORD_MIN_LENGTH_TEXT = 'Password must be at least 8 characters long';
export const VALID_EMAIL_TEXT = 'Please enter a valid email address';
/** Login (spec section 8): wrong credentials, and any exception on the way. */
export const INVALID_CREDENTIALS_TEXT = 'Invalid username or password';

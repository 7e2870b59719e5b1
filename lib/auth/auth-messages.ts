// SPEC §5 and §8: the exact words the auth screens use.
export const authMessages = {
  checkEmail: { title: "Check your email", description: "We've sent you a verification link to complete your signup." },
  welcomeBack: { title: "Welcome back!", description: "You've successfully logged in." },
  resetSent: { title: "Password reset email sent", description: "Check your email for the password reset link." },
  accountVerified: { title: "Account Verified!" },
  invalidLink: { title: "Invalid Link" },
  invalidVerificationLink: { title: "Invalid Verification Link", action: "Return to Home" },
  verificationFailed: { title: "Verification Failed", description: "The verification link is invalid or has expired." },
  verificationError: { title: "Verification Error", description: "Failed to complete account setup." },
  verificationWarning: {
    title: "Verification Warning",
    description: "Account created but verification could not be completed. Please contact support.",
  },
  authError: { title: "Authentication Error", description: "An error occurred during authentication." },
  callbackFailed: "Failed to complete authentication",
  signInFailed: { title: "Sign in failed", google: "Failed to sign in with Google." },
  emailRequired: { title: "Email required", description: "Please enter your email address to reset your password." },
  resetFailed: { title: "Error", description: "Failed to send password reset email." },
  passwordsDiffer: { title: "Passwords do not match", description: "Please make sure both passwords are identical." },
  passwordTooShort: { title: "Password too short", description: "Password must be at least 8 characters long." },
  credentialsRequired: "You must provide either an email or phone number and a password.",
  noToken: "No authentication token available",
  magicLinkSent: "If an account exists for that address, a sign-in link is on its way. Check your email.",
  alreadyRegistered: "This email address already has an account. Sign in with its password to link your purchase to it.",
} as const;

// SPEC §9: password minimum.
export const PASSWORD_MIN_LENGTH = 8;

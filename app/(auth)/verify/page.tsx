import { VerifyEmailPage, verifyEmailMetadata } from "@/components/auth/verify-email/verify-email-page";

// D2: the account set-up link emailed after a purchase, /verify?token&email.
export const metadata = verifyEmailMetadata("/verify");

export default VerifyEmailPage;

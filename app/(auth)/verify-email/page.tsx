import { VerifyEmailPage, verifyEmailMetadata } from "@/components/auth/verify-email/verify-email-page";

// SPEC §2: the verify-email page's own address; it does exactly what /verify does.
export const metadata = verifyEmailMetadata("/verify-email");

export default VerifyEmailPage;

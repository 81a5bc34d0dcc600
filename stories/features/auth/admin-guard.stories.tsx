import { Container, Text } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { fromPromise } from "xstate";
import { AdminGuard } from "@/features/auth/components/admin-guard";
import { AdminLoading } from "@/features/auth/components/admin-loading";
import { AuthProvider } from "@/features/auth/components/auth-provider";
import { type Session, type TeamRole, sessionMachine } from "@/features/auth/machines/session.machine";
import { useLocale } from "@/lib/i18n/locale-context";
import { localeOf } from "../../support/i18n";

const session: Session = {
  user: { id: "u1", email: "admin@example.com" },
  accessToken: "a",
  refreshToken: "r",
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
};

/** Sample page content in each language. */
const protectedContent = { ar: "محتوى محمي", en: "Protected content" };

/** The guard with the real session machine and fake auth actors. */
function GuardWith({ stored, pending }: { stored: Session | null; pending?: boolean }) {
  const { locale } = useLocale();
  const logic = sessionMachine.provide({
    actors: {
      getSession: fromPromise(async () => (pending ? new Promise<Session | null>(() => {}) : stored)),
      checkAdmin: fromPromise(async (): Promise<TeamRole | null> => "owner"),
    },
  });
  return (
    <AuthProvider logic={logic}>
      <AdminGuard>
        <Container py="10">
          <Text>{protectedContent[locale]}</Text>
        </Container>
      </AdminGuard>
    </AuthProvider>
  );
}

const meta = {
  title: "Admin/Auth/AdminGuard",
  component: GuardWith,
  parameters: { route: "/admin/posts" },
} satisfies Meta<typeof GuardWith>;
export default meta;
type Story = StoryObj<typeof meta>;

/** While the session loads (and on the server): the centred spinner. */
export const Loading: Story = {
  args: { stored: null, pending: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeInTheDocument();
  },
};

export const SignedIn: Story = {
  args: { stored: session },
  play: async ({ canvasElement, ...context }) => {
    await waitFor(() => expect(within(canvasElement).getByText(protectedContent[localeOf(context)])).toBeInTheDocument());
  },
};

export const Spinner: StoryObj<typeof AdminLoading> = {
  render: () => <AdminLoading />,
};

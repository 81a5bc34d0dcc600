import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import { type Session, type TeamRole, sessionMachine } from "../machines/session.machine";
import { AuthProvider, useAuth } from "./auth-provider";

describe("useAuth", () => {
  it("throws outside its provider", () => {
    expect(() => renderHook(() => useAuth())).toThrow("useAuth must be used within an AuthProvider");
  });

  it("exposes the machine's state and lets the user sign in", async () => {
    const logic = sessionMachine.provide({
      actors: {
        getSession: fromPromise(async (): Promise<Session | null> => null),
        checkAdmin: fromPromise(async (): Promise<TeamRole | null> => "owner"),
        signIn: fromPromise(async ({ input }) => ({
          user: { id: "u1", email: input.email },
          accessToken: "a",
          refreshToken: "r",
          expiresAt: Math.floor(Date.now() / 1000) + 3600,
        })),
      },
    });
    function Probe() {
      const auth = useAuth();
      return (
        <div>
          <span data-testid="status">{auth.status}</span>
          <button type="button" onClick={() => auth.signIn("admin@example.com", "pw")}>
            go
          </button>
          <span data-testid="email">{auth.user?.email}</span>
        </div>
      );
    }
    render(
      <AuthProvider logic={logic}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("signedOut"));
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("signedIn"));
    expect(screen.getByTestId("email").textContent).toBe("admin@example.com");
  });
});

import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import type { UseFormReturn } from "react-hook-form";
import * as v from "valibot";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/components/providers/app-providers";
import { Form, formFields } from "./form";

type Fields = { name: string; group: string; city: string; code: string };
const F = formFields<Fields>();
const schema = v.object({ name: v.string(), group: v.string(), city: v.string(), code: v.string() });

/** Options whose labels are their values in capitals. */
const choices = (...values: string[]) => values.map((value) => ({ value, label: value.toUpperCase() }));

function Page({
  onGroup,
  onCity,
  onForm,
}: {
  onGroup: (g: string) => void;
  onCity: (c: string) => void;
  onForm?: (f: UseFormReturn<Fields>) => void;
}) {
  return (
    <AppProviders locale="en">
      <Form<Fields, Fields>
        schema={schema}
        defaultValues={{ name: "", group: "a", city: "", code: "+971" }}
        onSubmit={() => {}}
        aria-label="Test"
      >
        {(form) => {
          onForm?.(form as unknown as UseFormReturn<Fields>);
          return (
            <>
              <F.TextField name="name" label="Name" />
              <F.RadioGroupField name="group" label="Group" options={choices("a", "b")} onValueChange={onGroup} />
              <F.SelectField name="city" label="City" placeholder="Choose" options={choices("x", "y")} onValueChange={onCity} />
            </>
          );
        }}
      </Form>
    </AppProviders>
  );
}

afterEach(() => {
  document.body.innerHTML = "";
});

/** The form as the server sends it, in the page (not hydrated yet). */
function serverRendered() {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page onGroup={() => {}} onCity={() => {}} />);
  document.body.append(container);
  return container;
}

describe("a form that hydrates after the visitor chose something", () => {
  it("takes the choices and runs what they do (onValueChange), once each; untouched fields run nothing", async () => {
    const container = serverRendered();
    // Before hydration: the visitor types, picks "B" and chooses "Y".
    container.querySelector<HTMLInputElement>('input[name="name"]')!.value = "Noura";
    container.querySelector<HTMLInputElement>('input[name="group"][value="b"]')!.checked = true;
    container.querySelector<HTMLSelectElement>('select[name="city"]')!.value = "y";

    const onGroup = vi.fn();
    const onCity = vi.fn();
    let form: UseFormReturn<Fields> | undefined;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page onGroup={onGroup} onCity={onCity} onForm={(f) => (form = f)} />, {
        onRecoverableError: (e) => errors.push(e),
      });
    });
    expect(errors).toEqual([]);
    expect(onGroup.mock.calls).toEqual([["b"]]);
    expect(onCity.mock.calls).toEqual([["y"]]);
    expect(form!.getValues()).toMatchObject({ name: "Noura", group: "b", city: "y", code: "+971" });
  });

  it("runs nothing when nothing was chosen", async () => {
    const container = serverRendered();
    const onGroup = vi.fn();
    const onCity = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Page onGroup={onGroup} onCity={onCity} />);
    });
    expect(onGroup).not.toHaveBeenCalled();
    expect(onCity).not.toHaveBeenCalled();
  });
});

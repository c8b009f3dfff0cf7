// The reference client's entry point: a header, then the page the URL's
// fragment names. Pages: lobby (#/), table (#/play/<id>), replay
// (#/replay/<id>?step=N&as=P), leaderboards and my games.
import { ApiError, session } from "./api/client";
import { h, mount } from "./dom";
import { leaderboards, myGames } from "./pages/lists";
import { lobby, signIn } from "./pages/lobby";
import { replay } from "./pages/replay";
import { table } from "./pages/table";
import { route } from "./router";

const nav = document.getElementById("nav") as HTMLElement;
const root = document.getElementById("app") as HTMLElement;
let leave: (() => void) | null = null;

function header(): void {
  mount(
    nav,
    h("a", { href: "#/", class: "brand" }, "Tabletop"),
    h("a", { href: "#/" }, "Lobby"),
    h("a", { href: "#/games" }, "My games"),
    h("a", { href: "#/leaderboards" }, "Leaderboards"),
    session.token
      ? h(
          "button",
          {
            class: "link",
            onclick: () => {
              session.clear();
              location.hash = "#/";
              render();
            },
          },
          `Sign out ${session.name}`,
        )
      : null,
  );
}

async function render(): Promise<void> {
  leave?.();
  leave = null;
  header();
  const { parts, params } = route();
  try {
    if (!session.token) return signIn(root);
    switch (parts[0]) {
      case "play":
        leave = await table(root, parts[1]);
        return;
      case "replay":
        return await replay(root, parts[1], params);
      case "leaderboards":
        return await leaderboards(root, parts[1]);
      case "games":
        return await myGames(root);
      default:
        return await lobby(root);
    }
  } catch (e) {
    if (e instanceof ApiError && (e.code === "invalid_token" || e.code === "token_expired" || e.status === 401)) {
      session.clear();
      return render();
    }
    mount(
      root,
      h(
        "main",
        {},
        h("p", { class: "error", role: "alert" }, e instanceof ApiError ? `${e.code}: ${e.message}` : String(e)),
      ),
    );
  }
}

window.addEventListener("hashchange", () => void render());
void render();

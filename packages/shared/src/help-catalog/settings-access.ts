import type { THelpPage } from './types.ts';

/** Settings that decide who sees what: roles, entity profiles and the applications of the portal. */
export const SETTINGS_ACCESS_HELP: THelpPage[] = [
  {
    url: '/role',
    category: 'settings',
    'pt-PT': {
      title: 'Perfis',
      contents: `<p>Um perfil é um conjunto de permissões (ver utilizadores, gerir ocorrências, importar GTFS…). Cada utilizador tem um perfil, que decide o que vê no menu e o que pode fazer.</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Pesquisar perfis</strong>; a lista mostra quantas permissões e quantos utilizadores tem cada perfil.</p></li>
<li><p><strong>Adicionar perfil</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
</ul>
<h2>Alterar um perfil</h2>
<ol>
<li><p>Clique no nome. As permissões estão agrupadas por área (Entidades, Utilizadores, Ocorrências, Mobilidade…), cada uma com a explicação do que permite.</p></li>
<li><p>Marque ou desmarque as permissões; <strong>Selecionar todas</strong> marca uma área inteira.</p></li>
<li><p>Guarde. A mudança vale para todos os utilizadores com este perfil.</p></li>
</ol>
<h2>Permissões</h2>
<ul>
<li><p>READ_ROLE para consultar; WRITE_ROLE para criar, alterar e eliminar.</p></li>
<li><p>Só pode conceder permissões que também tem: as outras aparecem assinaladas e não se podem marcar.</p></li>
</ul>
<h2>Cuidados</h2>
<ul>
<li><p>Um perfil atribuído a utilizadores não pode ser eliminado: dê-lhes outro perfil primeiro.</p></li>
<li><p>Para um utilizador poder ter o perfil, o tipo da sua entidade tem de o permitir (Configurações › Tipos de entidade).</p></li>
<li><p>Dê a cada pessoa só o que precisa: IMPERSONATE_USER e WRITE_ROLE são permissões de administração.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Roles',
      contents: `<p>A role is a set of permissions (see users, manage events, import GTFS…). Each user has one role, which decides what they see in the menu and what they can do.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Search roles</strong>; the list shows how many permissions and users each role has.</p></li>
<li><p><strong>Add role</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
</ul>
<h2>Changing a role</h2>
<ol>
<li><p>Click the name. Permissions are grouped by area (Entities, Users, Events, Mobility…), each explaining what it allows.</p></li>
<li><p>Tick or untick permissions; <strong>Select all</strong> ticks a whole area.</p></li>
<li><p>Save. The change applies to every user holding this role.</p></li>
</ol>
<h2>Permissions</h2>
<ul>
<li><p>READ_ROLE to look; WRITE_ROLE to create, change and delete.</p></li>
<li><p>You can only grant permissions you hold yourself: the others are flagged and cannot be ticked.</p></li>
</ul>
<h2>Pitfalls</h2>
<ul>
<li><p>A role held by users cannot be deleted: give them another role first.</p></li>
<li><p>For a user to hold the role, their entity's profile must allow it (Settings › Entity profiles).</p></li>
<li><p>Give each person only what they need: IMPERSONATE_USER and WRITE_ROLE are administration permissions.</p></li>
</ul>`,
    },
  },
  {
    url: '/role/create',
    category: 'settings',
    'pt-PT': {
      title: 'Criar um perfil',
      contents: `<h2>Passo a passo</h2>
<ol>
<li><p><strong>Nome</strong> (por exemplo «Operador de trânsito») e <strong>Descrição</strong> do trabalho a que se destina.</p></li>
<li><p>Em <strong>Permissões</strong>, marque o que os utilizadores com este perfil podem ver e fazer, área a área. O contador de cada área mostra quantas estão marcadas.</p></li>
<li><p>Carregue em <strong>Criar perfil</strong>.</p></li>
<li><p>Em Configurações › Tipos de entidade, acrescente o perfil aos tipos de entidade cujos utilizadores o podem ter.</p></li>
<li><p>Atribua-o aos utilizadores na ficha de cada um.</p></li>
</ol>
<h2>Permissões</h2>
<p>WRITE_ROLE. Só pode conceder permissões que também tem.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Algumas permissões dependem de outras: WRITE_EVENT sem MANAGE_EVENTS não dá acesso à gestão de ocorrências.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating a role',
      contents: `<h2>Step by step</h2>
<ol>
<li><p><strong>Name</strong> (for instance “Traffic operator”) and a <strong>Description</strong> of the job it is for.</p></li>
<li><p>Under <strong>Permissions</strong>, tick what users with this role may see and do, area by area. Each area's counter shows how many are ticked.</p></li>
<li><p>Click <strong>Create role</strong>.</p></li>
<li><p>Under Settings › Entity profiles, add the role to the entity profiles whose users may hold it.</p></li>
<li><p>Give it to users on each one's record.</p></li>
</ol>
<h2>Permissions</h2>
<p>WRITE_ROLE. You can only grant permissions you hold yourself.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>Some permissions depend on others: WRITE_EVENT without MANAGE_EVENTS gives no access to event management.</p></li>
</ul>`,
    },
  },
  {
    url: '/entity-profile',
    category: 'settings',
    'pt-PT': {
      title: 'Tipos de entidade',
      contents: `<p>Um tipo de entidade (por exemplo «Município», «Operador de transportes», «Forças de segurança») agrupa entidades semelhantes e define que perfis os seus utilizadores podem ter. Também serve para limitar dashboards e aplicações do portal.</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Pesquisar tipos de entidade</strong>; a lista mostra quantas entidades são de cada tipo.</p></li>
<li><p><strong>Adicionar tipo de entidade</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
</ul>
<h2>Alterar um tipo</h2>
<ol>
<li><p>Clique no nome.</p></li>
<li><p>Em <strong>Perfis permitidos</strong>, escreva para pesquisar e acrescente ou retire perfis.</p></li>
<li><p>Guarde.</p></li>
</ol>
<h2>Permissões</h2>
<p>WRITE_ENTITY_PROFILE. Só pode acrescentar ou retirar perfis cujas permissões tem todas.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Um tipo usado por entidades ou por aplicações não pode ser eliminado: mude o tipo dessas entidades ou aplicações primeiro.</p></li>
<li><p>Um perfil só pode ser retirado quando nenhum utilizador das entidades deste tipo o tem: dê-lhes antes outro perfil.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Entity profiles',
      contents: `<p>An entity profile (for instance “Municipality”, “Transport operator”, “Police”) groups similar entities and sets which roles their users may hold. It also serves to limit dashboards and portal applications.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Search entity profiles</strong>; the list shows how many entities have each profile.</p></li>
<li><p><strong>Add entity profile</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
</ul>
<h2>Changing a profile</h2>
<ol>
<li><p>Click the name.</p></li>
<li><p>Under <strong>Allowed roles</strong>, type to search and add or take away roles.</p></li>
<li><p>Save.</p></li>
</ol>
<h2>Permissions</h2>
<p>WRITE_ENTITY_PROFILE. You may only add or take away roles whose every permission you hold.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A profile used by entities or applications cannot be deleted: change the profile of those entities or applications first.</p></li>
<li><p>A role can only be taken away when no user of entities with this profile holds it: give them another role first.</p></li>
</ul>`,
    },
  },
  {
    url: '/entity-profile/create',
    category: 'settings',
    'pt-PT': {
      title: 'Criar um tipo de entidade',
      contents: `<h2>Passo a passo</h2>
<ol>
<li><p><strong>Nome</strong> e <strong>Descrição</strong> (por exemplo «Juntas de freguesia»).</p></li>
<li><p>Em <strong>Perfis permitidos</strong>, acrescente os perfis que os utilizadores destas entidades podem ter.</p></li>
<li><p>Carregue em <strong>Criar tipo de entidade</strong>.</p></li>
<li><p>Depois, em Entidades, escolha este tipo na ficha das entidades a que se aplica.</p></li>
</ol>
<h2>Permissões</h2>
<p>WRITE_ENTITY_PROFILE.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Sem perfis permitidos, os utilizadores das entidades deste tipo não podem receber nenhum perfil.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating an entity profile',
      contents: `<h2>Step by step</h2>
<ol>
<li><p><strong>Name</strong> and <strong>Description</strong> (for instance “Parish councils”).</p></li>
<li><p>Under <strong>Allowed roles</strong>, add the roles users of these entities may hold.</p></li>
<li><p>Click <strong>Create entity profile</strong>.</p></li>
<li><p>Then, under Entities, choose this profile on the record of the entities it applies to.</p></li>
</ol>
<h2>Permissions</h2>
<p>WRITE_ENTITY_PROFILE.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>With no allowed roles, users of entities with this profile cannot be given any role.</p></li>
</ul>`,
    },
  },
  {
    url: '/apps',
    category: 'settings',
    'pt-PT': {
      title: 'Aplicações',
      contents: `<p>Aqui gere as aplicações que o portal de aplicações mostra: mapas verticais (o mapa público com título, cores, grupos e ocorrências próprios, em /app/…/), ligações externas e aplicações geradas.</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Pesquisar aplicações por nome ou descrição</strong>.</p></li>
<li><p>A lista mostra o tipo, onde abre e quem a vê (todos ou só com sessão iniciada, e o tipo de entidade).</p></li>
<li><p><strong>Nova aplicação</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
</ul>
<h2>Alterar uma aplicação</h2>
<ol>
<li><p>Clique no nome e altere a secção que precisa: <strong>Aplicação</strong>, <strong>Quem a vê</strong> e, numa aplicação vertical, <strong>Aspeto da aplicação vertical</strong> e <strong>Mapa da aplicação vertical</strong>.</p></li>
<li><p>Guarde e confirme no portal como ficou.</p></li>
</ol>
<h2>Permissões</h2>
<p>WRITE_ROLE.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Numa aplicação vertical, um campo vazio mantém o valor da configuração da plataforma.</p></li>
<li><p>Se escolher grupos de sistemas, só esses (e os subgrupos) aparecem no mapa, no filtro e na pesquisa da aplicação.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Applications',
      contents: `<p>Here you manage the applications the applications portal lists: vertical apps (the public map with its own title, colors, groups and incidents, at /app/…/), external links and generated apps.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Search applications by name or description</strong>.</p></li>
<li><p>The list shows the type, where it opens and who sees it (everyone or signed-in users only, and the entity type).</p></li>
<li><p><strong>New application</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
</ul>
<h2>Changing an application</h2>
<ol>
<li><p>Click the name and change the section you need: <strong>Application</strong>, <strong>Who sees it</strong> and, for a vertical app, <strong>Look of the vertical app</strong> and <strong>Map of the vertical app</strong>.</p></li>
<li><p>Save and check in the portal how it looks.</p></li>
</ol>
<h2>Permissions</h2>
<p>WRITE_ROLE.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>In a vertical app, an empty field keeps the platform configuration's value.</p></li>
<li><p>If you choose system groups, only those (and their sub-groups) appear on the app's map, filter and search.</p></li>
</ul>`,
    },
  },
  {
    url: '/apps/create',
    category: 'settings',
    'pt-PT': {
      title: 'Criar uma aplicação',
      contents: `<h2>Passo a passo</h2>
<ol>
<li><p>Em <strong>Aplicação</strong>: <strong>Nome</strong>, <strong>Descrição</strong> e <strong>Tipo</strong>. <strong>Aplicação vertical</strong> é o mapa público num endereço próprio; <strong>Ligação externa</strong> e <strong>Aplicação gerada</strong> abrem o <strong>Endereço</strong> http(s) indicado num novo separador.</p></li>
<li><p><strong>Logótipo</strong>: PNG, JPEG ou SVG até 256 KB, mostrado no portal e no menu da aplicação vertical.</p></li>
<li><p>Em <strong>Quem a vê</strong>: <strong>Exige sessão iniciada</strong> esconde-a dos visitantes; um <strong>Tipo de entidade</strong> limita-a aos utilizadores das entidades desse tipo.</p></li>
<li><p>Numa aplicação vertical, em <strong>Aspeto</strong>: título, cor principal, mapa base e atribuição; em <strong>Mapa</strong>: que ocorrências mostra, os grupos de sistemas, o centro (latitude e longitude) e o zoom inicial.</p></li>
<li><p>Carregue em <strong>Criar aplicação</strong>.</p></li>
</ol>
<h2>Permissões</h2>
<p>WRITE_ROLE.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Deixe vazios os campos em que a aplicação deve seguir a configuração da plataforma.</p></li>
<li><p>Quem abrir uma aplicação vertical reservada a outro tipo de entidade vê «Esta aplicação não está disponível para si».</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating an application',
      contents: `<h2>Step by step</h2>
<ol>
<li><p>Under <strong>Application</strong>: <strong>Name</strong>, <strong>Description</strong> and <strong>Type</strong>. A <strong>Vertical app</strong> is the public map at an address of its own; an <strong>External link</strong> and a <strong>Generated app</strong> open the http(s) <strong>Address</strong> given in a new tab.</p></li>
<li><p><strong>Logo</strong>: PNG, JPEG or SVG up to 256 KB, shown in the portal and in the vertical app's menu.</p></li>
<li><p>Under <strong>Who sees it</strong>: <strong>Requires signing in</strong> hides it from visitors; an <strong>Entity type</strong> limits it to users of entities of that type.</p></li>
<li><p>For a vertical app, under <strong>Look</strong>: title, main color, base map and attribution; under <strong>Map</strong>: which incidents it shows, the system groups, the center (latitude and longitude) and the initial zoom.</p></li>
<li><p>Click <strong>Create application</strong>.</p></li>
</ol>
<h2>Permissions</h2>
<p>WRITE_ROLE.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>Leave empty the fields in which the app should follow the platform configuration.</p></li>
<li><p>Anyone opening a vertical app reserved for another entity type sees “This application is not available to you”.</p></li>
</ul>`,
    },
  },
];
